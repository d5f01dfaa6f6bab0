import type { PaymentCheckKind } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { StuckReason } from "@/lib/payments/recheck-stuck";

/** The words of the ops console's stuck payments (app/ops/stuck-payments). */
export const stuckPaymentsCopy = defineCopy({
  fr: {
    title: "Paiements bloqués",
    intro:
      "Paiements encore en attente alors qu'ils ne devraient pas l'être : après leur expiration, avec l'opérateur injoignable à la dernière demande, ou envoyés au téléphone il y a plus de 30 minutes sans réponse. Les plus anciens d'abord.",
    empty: "Aucun paiement bloqué.",
    merchant: "Marchand",
    payment: "Paiement",
    amount: "Montant",
    since: "En attente depuis",
    lastCheck: "Dernière demande à l'opérateur",
    never: "Jamais interrogé",
    reasons: { past_expiry: "Expiration dépassée", operator_unreachable: "Opérateur injoignable", no_answer: "Sans réponse depuis 30 min" } satisfies Record<StuckReason, string>,
    kinds: { push: "Envoi au téléphone", scheduled: "Revérification", before_expiry: "Avant l'expiration", manual: "Revérification manuelle" } satisfies Record<PaymentCheckKind, string>,
    unreachable: "injoignable :",
    answered: "a répondu",
    unanswered: "sans réponse enregistrée",
  },
  en: {
    title: "Stuck payments",
    intro:
      "Payments still pending when they should not be: past their expiry, with the operator unreachable at the last request, or sent to the phone more than 30 minutes ago with no answer. Oldest first.",
    empty: "No stuck payment.",
    merchant: "Merchant",
    payment: "Payment",
    amount: "Amount",
    since: "Pending since",
    lastCheck: "Last request to the operator",
    never: "Never asked",
    reasons: { past_expiry: "Past expiry", operator_unreachable: "Operator unreachable", no_answer: "No answer for 30 min" } satisfies Record<StuckReason, string>,
    kinds: { push: "Push to the phone", scheduled: "Recheck", before_expiry: "Before expiry", manual: "Manual recheck" } satisfies Record<PaymentCheckKind, string>,
    unreachable: "unreachable:",
    answered: "answered",
    unanswered: "no answer recorded",
  },
});
