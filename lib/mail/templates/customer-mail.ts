import { z } from "zod";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { mailBrandSchema } from "./brand";
import { defineMailTemplate } from "./define";
import { renderNotice } from "./notice";

/**
 * Mail to a merchant's customer, sent only to an address the merchant gave (lib/notifications/
 * customer.ts). The merchant's name leads: the customer paid them, Cauri only carried it.
 */
const amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
// `brand` is optional: messages already in the outbox when branding arrived have none.
const common = { merchantName: z.string().trim().min(1).max(200), mode: z.enum(["test", "live"]), brand: mailBrandSchema.nullable().default(null) };
const testNote = {
  fr: "Ceci est un paiement de test : aucun argent n'a été débité.",
  en: "This is a test payment: no money was taken.",
};

export const paymentReceiptMail = defineMailTemplate({
  params: z.object({
    ...common,
    amount,
    reference: z.string().min(1).max(100),
    clientReference: z.string().max(200).nullable(),
    description: z.string().max(500).nullable(),
    paidAt: z.iso.datetime({ offset: true }),
  }),
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}Reçu de votre paiement à ${p.merchantName} : ${formatXof(p.amount)}`,
        greeting: "Bonjour,",
        paragraphs: [`Votre paiement de ${formatXof(p.amount)} à ${p.merchantName} a réussi. Gardez cet e-mail comme reçu.`, ...(p.mode === "test" ? [testNote.fr] : [])],
        rows: [
          ["Commerçant", p.merchantName],
          ["Montant", formatXof(p.amount)],
          ["Date", formatBamako(p.paidAt, "fr")],
          ["Référence", p.reference],
          ...(p.clientReference ? [["Référence du commerçant", p.clientReference] as const] : []),
          ...(p.description ? [["Objet", p.description] as const] : []),
        ],
        footer: [`Pour toute question sur votre achat, contactez ${p.merchantName} en citant la référence.`],
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}Receipt for your payment to ${p.merchantName}: ${formatXof(p.amount)}`,
        greeting: "Hello,",
        paragraphs: [`Your payment of ${formatXof(p.amount)} to ${p.merchantName} went through. Keep this e-mail as your receipt.`, ...(p.mode === "test" ? [testNote.en] : [])],
        rows: [
          ["Merchant", p.merchantName],
          ["Amount", formatXof(p.amount)],
          ["Date", formatBamako(p.paidAt, "en")],
          ["Reference", p.reference],
          ...(p.clientReference ? [["Merchant's reference", p.clientReference] as const] : []),
          ...(p.description ? [["For", p.description] as const] : []),
        ],
        footer: [`For any question about your purchase, contact ${p.merchantName} and quote the reference.`],
      }),
  },
});

export const subscriptionPortalMail = defineMailTemplate({
  params: z.object({
    ...common,
    planName: z.string().min(1).max(200),
    amount,
    interval: z.enum(["WEEKLY", "MONTHLY"]),
    nextBillingDate: z.iso.datetime({ offset: true }),
    portalUrl: z.url(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}Votre abonnement ${p.planName} chez ${p.merchantName}`,
        greeting: "Bonjour,",
        paragraphs: [
          `Votre abonnement ${p.planName} chez ${p.merchantName} est actif : ${formatXof(p.amount)} ${p.interval === "WEEKLY" ? "par semaine" : "par mois"}, prélevés sur votre compte mobile money.`,
          `Depuis votre espace client, vous pouvez voir vos paiements, régler une échéance en retard ou résilier l'abonnement. Ce lien est valable jusqu'au ${formatBamako(p.expiresAt, "fr")} ; ensuite, demandez-en un nouveau à ${p.merchantName}.`,
          ...(p.mode === "test" ? [testNote.fr] : []),
        ],
        rows: [
          ["Commerçant", p.merchantName],
          ["Abonnement", p.planName],
          ["Montant", formatXof(p.amount)],
          ["Prochain prélèvement", formatBamako(p.nextBillingDate, "fr")],
        ],
        action: { label: "Ouvrir mon espace client", url: p.portalUrl },
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}Your ${p.planName} subscription with ${p.merchantName}`,
        greeting: "Hello,",
        paragraphs: [
          `Your ${p.planName} subscription with ${p.merchantName} is active: ${formatXof(p.amount)} ${p.interval === "WEEKLY" ? "a week" : "a month"}, collected from your mobile money account.`,
          `From your customer space you can see your payments, pay an overdue period or cancel the subscription. This link works until ${formatBamako(p.expiresAt, "en")}; after that, ask ${p.merchantName} for a new one.`,
          ...(p.mode === "test" ? [testNote.en] : []),
        ],
        rows: [
          ["Merchant", p.merchantName],
          ["Subscription", p.planName],
          ["Amount", formatXof(p.amount)],
          ["Next payment", formatBamako(p.nextBillingDate, "en")],
        ],
        action: { label: "Open my customer space", url: p.portalUrl },
      }),
  },
});
