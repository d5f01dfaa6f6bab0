import { z } from "zod";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { mailBrandSchema } from "./brand";
import { defineMailTemplate } from "./define";
import { renderNotice } from "./notice";

/**
 * To the customer whose payment was refunded, once the service's staff sent the money at the
 * operator (lib/refunds/notify.ts). The operator's reference is what the customer quotes to the
 * operator if the money does not show; the payment's reference ties it to their receipt.
 */
export const refundExecutedMail = defineMailTemplate({
  params: z.object({
    merchantName: z.string().trim().min(1).max(200),
    mode: z.enum(["test", "live"]),
    brand: mailBrandSchema.nullable().default(null),
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    operatorReference: z.string().trim().min(1).max(40),
    paymentReference: z.string().min(1).max(100),
    maskedPhone: z.string().min(1).max(40),
    executedAt: z.iso.datetime({ offset: true }),
  }),
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}${p.merchantName} vous a remboursé ${formatXof(p.amount)}`,
        greeting: "Bonjour,",
        paragraphs: [
          `${p.merchantName} vous a remboursé ${formatXof(p.amount)}. L'argent a été envoyé sur votre compte mobile money au ${p.maskedPhone}.`,
          ...(p.mode === "test" ? ["Ceci est un remboursement de test : aucun argent n'a été envoyé."] : []),
        ],
        rows: [
          ["Commerçant", p.merchantName],
          ["Montant remboursé", formatXof(p.amount)],
          ["Date", formatBamako(p.executedAt, "fr")],
          ["Référence de l'opérateur", p.operatorReference],
          ["Paiement remboursé", p.paymentReference],
        ],
        footer: [`Si l'argent n'apparaît pas sur votre compte, contactez votre opérateur en citant sa référence, ou ${p.merchantName}.`],
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        brand: p.brand,
        subject: `${p.mode === "test" ? "[Test] " : ""}${p.merchantName} refunded you ${formatXof(p.amount)}`,
        greeting: "Hello,",
        paragraphs: [
          `${p.merchantName} refunded you ${formatXof(p.amount)}. The money was sent to your mobile money account at ${p.maskedPhone}.`,
          ...(p.mode === "test" ? ["This is a test refund: no money was sent."] : []),
        ],
        rows: [
          ["Merchant", p.merchantName],
          ["Amount refunded", formatXof(p.amount)],
          ["Date", formatBamako(p.executedAt, "en")],
          ["Operator's reference", p.operatorReference],
          ["Payment refunded", p.paymentReference],
        ],
        footer: [`If the money does not show in your account, contact your operator and quote its reference, or ${p.merchantName}.`],
      }),
  },
});
