import { z } from "zod";
import { formatXof } from "@/lib/format/money";
import { defineMailTemplate } from "./define";
import { html, mailDocument } from "./html";

/** A message that proves the sending path end to end (`npm run ops -- mail test --to …`). */
export const testMail = defineMailTemplate({
  params: z.object({
    name: z.string().trim().min(1).max(200),
    // Shows how amounts read in mail: whole francs, "12 500 FCFA".
    amount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  }),
  render: {
    fr: ({ name, amount }) => {
      const subject = "Cauri : e-mail de test";
      const text = [
        `Bonjour ${name},`,
        "",
        "Ceci est un e-mail de test envoyé par Cauri. S'il vous parvient, l'envoi d'e-mails fonctionne.",
        "",
        `Exemple de montant : ${formatXof(amount)}`,
      ].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "fr",
          subject,
          html`<p>Bonjour ${name},</p>
<p>Ceci est un e-mail de test envoyé par Cauri. S'il vous parvient, l'envoi d'e-mails fonctionne.</p>
<p>Exemple de montant : <strong>${formatXof(amount)}</strong></p>`,
        ),
      };
    },
    en: ({ name, amount }) => {
      const subject = "Cauri: test e-mail";
      const text = [`Hello ${name},`, "", "This is a test e-mail sent by Cauri. If it reached you, sending e-mail works.", "", `Sample amount: ${formatXof(amount)}`].join("\n");
      return {
        subject,
        text,
        html: mailDocument(
          "en",
          subject,
          html`<p>Hello ${name},</p>
<p>This is a test e-mail sent by Cauri. If it reached you, sending e-mail works.</p>
<p>Sample amount: <strong>${formatXof(amount)}</strong></p>`,
        ),
      };
    },
  },
});
