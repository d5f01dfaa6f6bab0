import { z } from "zod";
import { defineMailTemplate } from "./define";
import { html, mailDocument } from "./html";
import { linkButton } from "./link-button";

/**
 * The link to choose a new password (forgot-password page, or a reset forced by staff). It works
 * once, for 30 minutes; the message says so, and says what to do if the reader did not ask.
 */
export const passwordResetMail = defineMailTemplate({
  params: z.object({
    url: z.url(),
    minutes: z.number().int().positive(),
    // A reset forced by staff: the old password no longer works, so the reader must act.
    forced: z.boolean().default(false),
  }),
  render: {
    fr: ({ url, minutes, forced }) => {
      const subject = "Cauri : choisissez un nouveau mot de passe";
      const why = forced
        ? "Pour protéger votre compte, l'équipe Cauri a réinitialisé votre mot de passe. Choisissez-en un nouveau pour vous reconnecter."
        : "Vous avez demandé à changer le mot de passe de votre compte Cauri.";
      const ignore = forced
        ? "Pour toute question, répondez à cet e-mail."
        : "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.";
      const text = [why, "", `Choisissez un nouveau mot de passe : ${url}`, "", `Ce lien fonctionne une seule fois, pendant ${minutes} minutes.`, ignore].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "fr",
          subject,
          html`<p>${why}</p>
${linkButton(url, "Choisir un nouveau mot de passe")}
<p style="font-size:13px;color:#5b6660">Ou copiez ce lien : ${url}</p>
<p>Ce lien fonctionne une seule fois, pendant ${minutes} minutes. ${ignore}</p>`,
        ),
      };
    },
    en: ({ url, minutes, forced }) => {
      const subject = "Cauri: choose a new password";
      const why = forced
        ? "To protect your account, the Cauri team reset your password. Choose a new one to sign in again."
        : "You asked to change the password of your Cauri account.";
      const ignore = forced ? "If you have any question, reply to this e-mail." : "If you did not ask for this, ignore this e-mail: your password stays the same.";
      const text = [why, "", `Choose a new password: ${url}`, "", `This link works once, for ${minutes} minutes.`, ignore].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "en",
          subject,
          html`<p>${why}</p>
${linkButton(url, "Choose a new password")}
<p style="font-size:13px;color:#5b6660">Or copy this link: ${url}</p>
<p>This link works once, for ${minutes} minutes. ${ignore}</p>`,
        ),
      };
    },
  },
});
