import { z } from "zod";
import { MERCHANT_ROLES } from "@/db/schema";
import { roleLabels } from "@/lib/i18n/role-labels";
import { defineMailTemplate } from "./define";
import { html, mailDocument } from "./html";

/** An invitation to join a merchant's team (or, sent by staff, to take its account as owner): a link to set a password. */
export const invitationMail = defineMailTemplate({
  params: z.object({
    merchantName: z.string().trim().min(1).max(200),
    role: z.enum(MERCHANT_ROLES),
    // The inviting member's e-mail; null when Cauri staff sent it.
    invitedBy: z.email().nullable(),
    link: z.url(),
    days: z.number().int().positive().max(30),
  }),
  render: {
    fr: ({ merchantName, role, invitedBy, link, days }) => {
      const subject = `Invitation à rejoindre ${merchantName} sur Cauri`;
      const who = invitedBy ? `${invitedBy} vous invite` : "L'équipe Cauri vous invite";
      const lead = `${who} à rejoindre le compte ${merchantName} sur Cauri, avec le rôle ${roleLabels.fr[role]}.`;
      const text = [
        "Bonjour,",
        "",
        lead,
        "",
        "Pour accepter, choisissez votre mot de passe ici :",
        link,
        "",
        `Ce lien fonctionne une seule fois, pendant ${days} jours. Si vous n'attendiez pas cette invitation, ignorez cet e-mail.`,
      ].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "fr",
          subject,
          html`<p>Bonjour,</p>
<p>${lead}</p>
<p><a href="${link}" style="display:inline-block;background:#0b6b4f;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">Choisir mon mot de passe</a></p>
<p style="font-size:13px;color:#5b6660">Ou copiez ce lien : ${link}</p>
<p>Ce lien fonctionne une seule fois, pendant ${days} jours. Si vous n'attendiez pas cette invitation, ignorez cet e-mail.</p>`,
        ),
      };
    },
    en: ({ merchantName, role, invitedBy, link, days }) => {
      const subject = `Invitation to join ${merchantName} on Cauri`;
      const who = invitedBy ? `${invitedBy} invites you` : "The Cauri team invites you";
      const lead = `${who} to join the ${merchantName} account on Cauri, with the ${roleLabels.en[role]} role.`;
      const text = [
        "Hello,",
        "",
        lead,
        "",
        "To accept, choose your password here:",
        link,
        "",
        `This link works once, for ${days} days. If you did not expect this invitation, ignore this e-mail.`,
      ].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "en",
          subject,
          html`<p>Hello,</p>
<p>${lead}</p>
<p><a href="${link}" style="display:inline-block;background:#0b6b4f;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">Choose my password</a></p>
<p style="font-size:13px;color:#5b6660">Or copy this link: ${link}</p>
<p>This link works once, for ${days} days. If you did not expect this invitation, ignore this e-mail.</p>`,
        ),
      };
    },
  },
});
