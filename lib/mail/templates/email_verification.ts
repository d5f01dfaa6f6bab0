import { z } from "zod";
import { defineMailTemplate } from "./define";
import { html, mailDocument } from "./html";
import { linkButton } from "./link-button";

/** Sent at sign-up (and from the dashboard banner): proves the address before production access. */
export const emailVerificationMail = defineMailTemplate({
  params: z.object({ url: z.url(), days: z.number().int().positive() }),
  render: {
    fr: ({ url, days }) => {
      const subject = "Cauri : confirmez votre adresse e-mail";
      const text = [
        "Bienvenue sur Cauri.",
        "",
        `Confirmez votre adresse e-mail : ${url}`,
        "",
        `Ce lien fonctionne une seule fois, pendant ${days} jours. Votre compte fonctionne déjà en mode test ; l'adresse confirmée est nécessaire pour passer en production.`,
        "Si vous n'avez pas créé de compte Cauri, ignorez cet e-mail.",
      ].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "fr",
          subject,
          html`<p>Bienvenue sur Cauri.</p>
${linkButton(url, "Confirmer mon adresse")}
<p style="font-size:13px;color:#5b6660">Ou copiez ce lien : ${url}</p>
<p>Ce lien fonctionne une seule fois, pendant ${days} jours. Votre compte fonctionne déjà en mode test ; l'adresse confirmée est nécessaire pour passer en production.</p>
<p>Si vous n'avez pas créé de compte Cauri, ignorez cet e-mail.</p>`,
        ),
      };
    },
    en: ({ url, days }) => {
      const subject = "Cauri: confirm your e-mail address";
      const text = [
        "Welcome to Cauri.",
        "",
        `Confirm your e-mail address: ${url}`,
        "",
        `This link works once, for ${days} days. Your account already works in test mode; a confirmed address is needed to go live.`,
        "If you did not create a Cauri account, ignore this e-mail.",
      ].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "en",
          subject,
          html`<p>Welcome to Cauri.</p>
${linkButton(url, "Confirm my address")}
<p style="font-size:13px;color:#5b6660">Or copy this link: ${url}</p>
<p>This link works once, for ${days} days. Your account already works in test mode; a confirmed address is needed to go live.</p>
<p>If you did not create a Cauri account, ignore this e-mail.</p>`,
        ),
      };
    },
  },
});
