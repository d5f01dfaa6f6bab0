import { z } from "zod";
import { formatDay } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { mailBrandSchema } from "./brand";
import { defineMailTemplate } from "./define";
import { renderNotice } from "./notice";

/**
 * An invoice sent to the customer's e-mail, and its reminders (lib/invoices). The merchant's name
 * leads: the invoice is theirs, Cauri only carries it and the payment.
 */
const params = z.object({
  merchantName: z.string().trim().min(1).max(200),
  mode: z.enum(["test", "live"]),
  brand: mailBrandSchema.nullable().default(null),
  number: z.string().min(1).max(40),
  amount: z.number().int().positive(),
  dueDate: z.iso.date(),
  url: z.url(),
  pdfUrl: z.url(),
  /** A reminder: "before" the due date, "due" on it, "overdue" after it; null for the invoice itself. */
  reminder: z.enum(["before", "due", "overdue"]).nullable().default(null),
});

const testNote = { fr: "Ceci est une facture de test : aucun argent ne sera débité.", en: "This is a test invoice: no money will be taken." };

export const invoiceMail = defineMailTemplate({
  params,
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}${p.reminder ? "Rappel : " : ""}Facture ${p.number} de ${p.merchantName} : ${formatXof(p.amount)}`,
        greeting: "Bonjour,",
        paragraphs: [
          p.reminder === "overdue"
            ? `La facture ${p.number} de ${p.merchantName} (${formatXof(p.amount)}) était à régler le ${formatDay(p.dueDate, "fr")} et n'est pas encore payée.`
            : p.reminder
              ? `Petit rappel : la facture ${p.number} de ${p.merchantName} (${formatXof(p.amount)}) est à régler ${p.reminder === "due" ? "aujourd'hui" : `avant le ${formatDay(p.dueDate, "fr")}`}.`
              : `${p.merchantName} vous envoie la facture ${p.number} de ${formatXof(p.amount)}, à régler avant le ${formatDay(p.dueDate, "fr")}.`,
          "Vous pouvez la payer par mobile money depuis la page de la facture, en un geste.",
          ...(p.mode === "test" ? [testNote.fr] : []),
        ],
        rows: [
          ["Facture", p.number],
          ["Montant", formatXof(p.amount)],
          ["Échéance", formatDay(p.dueDate, "fr")],
        ],
        action: { label: "Voir et payer la facture", url: p.url },
        footerLink: { label: "La facture en PDF", url: p.pdfUrl },
        footer: [`Pour toute question sur cette facture, contactez ${p.merchantName}.`],
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}${p.reminder ? "Reminder: " : ""}Invoice ${p.number} from ${p.merchantName}: ${formatXof(p.amount)}`,
        greeting: "Hello,",
        paragraphs: [
          p.reminder === "overdue"
            ? `Invoice ${p.number} from ${p.merchantName} (${formatXof(p.amount)}) was due on ${formatDay(p.dueDate, "en")} and is not paid yet.`
            : p.reminder
              ? `A friendly reminder: invoice ${p.number} from ${p.merchantName} (${formatXof(p.amount)}) is due ${p.reminder === "due" ? "today" : `by ${formatDay(p.dueDate, "en")}`}.`
              : `${p.merchantName} sends you invoice ${p.number} for ${formatXof(p.amount)}, due by ${formatDay(p.dueDate, "en")}.`,
          "You can pay it with mobile money from the invoice's page, in one tap.",
          ...(p.mode === "test" ? [testNote.en] : []),
        ],
        rows: [
          ["Invoice", p.number],
          ["Amount", formatXof(p.amount)],
          ["Due date", formatDay(p.dueDate, "en")],
        ],
        action: { label: "View and pay the invoice", url: p.url },
        footerLink: { label: "The invoice as a PDF", url: p.pdfUrl },
        footer: [`For any question about this invoice, contact ${p.merchantName}.`],
      }),
  },
});
