import { z } from "zod";
import { formatXof } from "@/lib/format/money";
import { defineMailTemplate } from "@/lib/mail/templates/define";
import { renderNotice } from "@/lib/mail/templates/notice";

/**
 * The team's second approval of a large withdrawal (lib/withdrawals/approval.ts): "awaiting" asks
 * the other owners and admins to decide, "approved" and "refused" tell the member who asked.
 */
const amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export const withdrawalApprovalMail = defineMailTemplate({
  params: z.object({
    merchantName: z.string().trim().min(1).max(200),
    mode: z.enum(["test", "live"]),
    step: z.enum(["awaiting", "approved", "refused"]),
    reference: z.string().min(1).max(100),
    amount,
    netAmount: amount,
    /** Awaiting: who asked (an e-mail, or null for an API key). Decided: who decided. */
    who: z.string().max(320).nullable(),
    threshold: amount.nullable(),
    reason: z.string().max(500).nullable(),
    link: z.url(),
  }),
  render: {
    fr: (p) => {
      const tag = p.mode === "test" ? "[Test] " : "";
      const subject = {
        awaiting: `${tag}Retrait de ${formatXof(p.amount)} à approuver`,
        approved: `${tag}Votre retrait ${p.reference} a été approuvé par votre équipe`,
        refused: `${tag}Votre retrait ${p.reference} a été refusé par votre équipe`,
      }[p.step];
      const body = {
        awaiting: [
          `${p.who ? `${p.who} a demandé` : "Une clé API a demandé"} un retrait de ${formatXof(p.amount)} pour ${p.merchantName}. Il dépasse le seuil d'approbation${p.threshold !== null ? ` de ${formatXof(p.threshold)}` : ""} : un propriétaire ou administrateur autre que le demandeur doit l'approuver ou le refuser avant que notre équipe le traite.`,
          "Le montant reste réservé sur le solde en attendant votre décision.",
        ],
        approved: [`Votre retrait de ${formatXof(p.amount)} a été approuvé${p.who ? ` par ${p.who}` : ""}. Notre équipe va maintenant le vérifier et l'exécuter.`],
        refused: [`Votre retrait de ${formatXof(p.amount)} a été refusé${p.who ? ` par ${p.who}` : ""}. Le montant est de nouveau disponible dans le solde.`],
      }[p.step];
      return renderNotice({
        lang: "fr",
        subject,
        greeting: "Bonjour,",
        paragraphs: body,
        rows: [["Référence", p.reference], ["Montant", formatXof(p.amount)], ["Montant à verser", formatXof(p.netAmount)], ...(p.reason ? [["Motif", p.reason] as const] : []), ["Mode", p.mode === "test" ? "test" : "production"]],
        action: { label: p.step === "awaiting" ? "Approuver ou refuser" : "Voir le retrait", url: p.link },
        footer: [p.step === "awaiting" ? `Vous recevez cet e-mail en tant que propriétaire ou administrateur de ${p.merchantName} sur Cauri.` : `Vous recevez cet e-mail parce que vous avez demandé ce retrait pour ${p.merchantName} sur Cauri.`],
      });
    },
    en: (p) => {
      const tag = p.mode === "test" ? "[Test] " : "";
      const subject = {
        awaiting: `${tag}Withdrawal of ${formatXof(p.amount)} to approve`,
        approved: `${tag}Your withdrawal ${p.reference} was approved by your team`,
        refused: `${tag}Your withdrawal ${p.reference} was refused by your team`,
      }[p.step];
      const body = {
        awaiting: [
          `${p.who ?? "An API key"} requested a withdrawal of ${formatXof(p.amount)} for ${p.merchantName}. It is above the approval threshold${p.threshold !== null ? ` of ${formatXof(p.threshold)}` : ""}: an owner or admin other than the requester must approve or refuse it before our team processes it.`,
          "The amount stays reserved on the balance until you decide.",
        ],
        approved: [`Your withdrawal of ${formatXof(p.amount)} was approved${p.who ? ` by ${p.who}` : ""}. Our team will now check and execute it.`],
        refused: [`Your withdrawal of ${formatXof(p.amount)} was refused${p.who ? ` by ${p.who}` : ""}. The amount is available in the balance again.`],
      }[p.step];
      return renderNotice({
        lang: "en",
        subject,
        greeting: "Hello,",
        paragraphs: body,
        rows: [["Reference", p.reference], ["Amount", formatXof(p.amount)], ["Amount to be paid out", formatXof(p.netAmount)], ...(p.reason ? [["Reason", p.reason] as const] : []), ["Mode", p.mode]],
        action: { label: p.step === "awaiting" ? "Approve or refuse" : "See the withdrawal", url: p.link },
        footer: [p.step === "awaiting" ? `You receive this e-mail as an owner or admin of ${p.merchantName} on Cauri.` : `You receive this e-mail because you requested this withdrawal for ${p.merchantName} on Cauri.`],
      });
    },
  },
});
