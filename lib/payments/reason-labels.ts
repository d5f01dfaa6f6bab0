import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";

/**
 * A payment's status_reason in the reader's language. The API stores and returns the reason in
 * English (integrators match on it); the French dashboard translates the reasons our own code and
 * the operator simulator write, sentence by sentence, and shows any other one (a live operator's
 * free text) as it came.
 */
const OPERATOR_LABELS: Record<string, string> = {
  "The operator's test environment": "L'environnement de test de l'opérateur",
  "The operator": "L'opérateur",
};
const OPERATOR = `(${Object.keys(OPERATOR_LABELS).join("|")})`;
const fcfa = (digits: string) => formatXof(Number(digits));

type Rule = readonly [RegExp, (...groups: string[]) => string];

const SENTENCES: readonly Rule[] = [
  [/^The customer declined the payment\.$/, () => "Le client a refusé le paiement."],
  [/^Waiting for the customer to approve on their phone\.$/, () => "En attente de la validation du client sur son téléphone."],
  [/^Insufficient funds in the customer's mobile-money account\.$/, () => "Solde insuffisant sur le compte mobile money du client."],
  [/^The customer entered a wrong PIN\.$/, () => "Le client a saisi un code secret erroné."],
  [
    /^Simulated payment: settle it from the checkout's test buttons or the simulate route\.$/,
    () => "Paiement simulé : réglez-le avec les boutons de test de la page de paiement ou la route de simulation.",
  ],
  [/^Simulated failure: the customer declined the payment \(sandbox\)\.$/, () => "Échec simulé : le client a refusé le paiement (test)."],
  [/^Simulated failure: the buyer declined the payment \(sandbox\)\.$/, () => "Échec simulé : l'acheteur a refusé le paiement (test)."],
  [/^The payment was not completed before expires_at\.$/, () => "Le paiement n'a pas été réglé avant son expiration (expires_at)."],
  [/^Cancelled by the customer on the checkout page\.$/, () => "Annulé par le client sur la page de paiement."],
  [/^The secure order was cancelled by the merchant\.$/, () => "La commande sécurisée a été annulée par le marchand."],
  [/^Onsite payment request cancelled after (\d+) wrong codes\.$/, (n) => `Demande de paiement sur place annulée après ${n} codes erronés.`],
  [
    /^The operator has no collection for this payment yet: the customer has not confirmed it on the checkout\.$/,
    () => "L'opérateur n'a pas encore d'encaissement pour ce paiement : le client ne l'a pas confirmé sur la page de paiement.",
  ],
  [/^The payment stays PENDING: confirming again on the checkout or reconciling retries it\.$/, () => "Le paiement reste en attente : une nouvelle confirmation sur la page de paiement ou une revérification relance l'opération."],
  [/^The operator could not be reached\.$/, () => "L'opérateur n'a pas pu être joint."],
  [new RegExp(`^${OPERATOR} is not configured on this service \\((.*)\\)\\.$`), (who, env) => `${OPERATOR_LABELS[who]} n'est pas configuré sur ce service (${env}).`],
  [new RegExp(`^${OPERATOR} did not answer within ([\\d.]+) s\\.$`), (who, s) => `${OPERATOR_LABELS[who]} n'a pas répondu en ${s.replace(".", ",")} s.`],
  [new RegExp(`^${OPERATOR} could not be reached\\.$`), (who) => `${OPERATOR_LABELS[who]} n'a pas pu être joint.`],
  [new RegExp(`^${OPERATOR} does not know this collection\\.$`), (who) => `${OPERATOR_LABELS[who]} ne connaît pas cet encaissement.`],
  [new RegExp(`^${OPERATOR} answered HTTP (\\d{3})\\.$`), (who, status) => `${OPERATOR_LABELS[who]} a répondu HTTP ${status}.`],
  [new RegExp(`^${OPERATOR} sent an answer that is not JSON\\.$`), (who) => `${OPERATOR_LABELS[who]} a envoyé une réponse qui n'est pas du JSON.`],
  [new RegExp(`^${OPERATOR} sent an answer we could not read\\.$`), (who) => `${OPERATOR_LABELS[who]} a envoyé une réponse illisible.`],
  [new RegExp(`^${OPERATOR} answered for another reference\\.$`), (who) => `${OPERATOR_LABELS[who]} a répondu pour une autre référence.`],
  [
    /^This payment would take this month's live volume over your plan's cap of (\d+) FCFA \((\d+) FCFA collected, (\d+) FCFA in pending payments, (\d+) FCFA left\)\.$/,
    (cap, collected, pending, left) =>
      `Ce paiement dépasserait le plafond mensuel de production de votre offre, ${fcfa(cap)} (${fcfa(collected)} encaissés, ${fcfa(pending)} en paiements en attente, ${fcfa(left)} restants).`,
  ],
  [/^Upgrade your platform plan, wait for pending payments to end, or wait for next month\.$/, () => "Passez à une offre supérieure, attendez la fin des paiements en attente ou le mois prochain."],
  [/^Live mode needs a paid, current platform subscription\.$/, () => "La production demande un abonnement payant et à jour à la plateforme."],
  [/^Subscribe to a plan, or use a sk_test_ key\.$/, () => "Souscrivez une offre, ou utilisez une clé sk_test_."],
];

// A sentence ends at ". " followed by a capital letter; "0.5 s" and "(sandbox)." stay whole.
const splitSentences = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z])/);

function translateSentence(sentence: string): string | null {
  for (const [pattern, render] of SENTENCES) {
    const match = pattern.exec(sentence);
    if (match) return render(...match.slice(1));
  }
  return null;
}

export function statusReasonLabel(reason: string, locale: Locale): string {
  if (locale === "en") return reason;
  const sentences = splitSentences(reason.trim());
  const translated = sentences.map(translateSentence);
  // All or nothing: half a translation would read worse than the English original.
  return translated.every((s): s is string => s !== null) ? translated.join(" ") : reason;
}
