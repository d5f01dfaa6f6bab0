import type { PaymentCheckAction, PaymentCheckKind } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";

type Trigger = Exclude<PaymentCheckKind, "push">;
type OperatorStatus = "PENDING" | "SUCCESS" | "FAILED";

/** The words of a payment's timeline on its detail page (PaymentTimeline). */
export const paymentTimelineCopy = defineCopy({
  fr: {
    created: "Paiement créé",
    push: "Demande envoyée au téléphone du client",
    pushUnrecorded: "Réponse de l'opérateur non enregistrée.",
    triggers: {
      scheduled: "Revérification automatique auprès de l'opérateur",
      before_expiry: "Dernière vérification avant l'expiration",
      manual: "Revérification demandée",
    } satisfies Record<Trigger, string>,
    operatorSaid: "L'opérateur répond :",
    operator: { PENDING: "en attente", SUCCESS: "réussi", FAILED: "échoué" } satisfies Record<OperatorStatus, string>,
    unreachable: "Opérateur injoignable :",
    unanswered: "Vérification interrompue : aucune réponse enregistrée.",
    actions: { none: null, settled: "Le paiement a été mis à jour.", expired: "Le paiement a expiré." } satisfies Record<PaymentCheckAction, string | null>,
    final: "État final",
    event: "Événement envoyé :",
    deliveryTo: "Livraison à",
    attempts: "tentative(s)",
    noDelivery: "Aucun webhook configuré n'a reçu cet événement.",
  },
  en: {
    created: "Payment created",
    push: "Request sent to the customer's phone",
    pushUnrecorded: "The operator's answer was not recorded.",
    triggers: {
      scheduled: "Automatic check with the operator",
      before_expiry: "Last check before expiry",
      manual: "Check requested",
    } satisfies Record<Trigger, string>,
    operatorSaid: "The operator answers:",
    operator: { PENDING: "pending", SUCCESS: "successful", FAILED: "failed" } satisfies Record<OperatorStatus, string>,
    unreachable: "Operator unreachable:",
    unanswered: "Check interrupted: no answer recorded.",
    actions: { none: null, settled: "The payment was updated.", expired: "The payment expired." } satisfies Record<PaymentCheckAction, string | null>,
    final: "Final state",
    event: "Event sent:",
    deliveryTo: "Delivery to",
    attempts: "attempt(s)",
    noDelivery: "No configured webhook received this event.",
  },
});
