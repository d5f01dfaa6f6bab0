import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { PaymentResource } from "@/lib/payments/schemas";

const copy = defineCopy({
  fr: {
    title: "Paiement encaissé après sa fin",
    ended: { CANCELLED: "était déjà annulé", EXPIRED: "avait déjà expiré", FAILED: "avait déjà échoué" } as Record<string, string>,
    arrived: (amount: string, at: string, ended: string) =>
      `Le ${at}, l'opérateur a confirmé avoir débité le client de ${amount}, alors que ce paiement ${ended}. Le statut du paiement ne change pas.`,
    open: "Cauri garde ce montant en attente : notre équipe va soit le créditer sur votre solde disponible (moins les frais du paiement), soit faire rembourser le client par le support. Si le client vous contacte, dites-lui que son argent n'est pas perdu.",
    credited: (at: string) => `Crédité sur votre solde disponible le ${at}, moins les frais du paiement.`,
    refunded: (at: string) => `Remboursé au client par le support le ${at} ; votre solde ne change pas.`,
    operatorRef: "Référence de l'opérateur :",
  },
  en: {
    title: "Payment collected after it ended",
    ended: { CANCELLED: "had already been cancelled", EXPIRED: "had already expired", FAILED: "had already failed" },
    arrived: (amount: string, at: string, ended: string) =>
      `On ${at}, the operator confirmed it charged the customer ${amount}, although this payment ${ended}. The payment's status does not change.`,
    open: "Cauri holds this amount: our team will either credit it to your available balance (less the payment's fee) or have support refund the customer. If the customer contacts you, tell them their money is not lost.",
    credited: (at: string) => `Credited to your available balance on ${at}, less the payment's fee.`,
    refunded: (at: string) => `Refunded to the customer by support on ${at}; your balance does not change.`,
    operatorRef: "Operator reference:",
  },
});

/**
 * The payment detail page's notice for a late collection (the operator's SUCCESS arrived after the
 * payment was cancelled, had expired or had failed): what happened, and where the money is (held,
 * credited or refunded). Nothing when the payment has none.
 */
export function LateCollectionNotice({ payment, locale }: { payment: Pick<PaymentResource, "status" | "late_collection">; locale: Locale }) {
  const late = payment.late_collection;
  if (!late) return null;
  const t = copy[locale];
  const outcome = late.status === "CREDITED" && late.resolved_at ? t.credited(formatBamako(late.resolved_at, locale)) : late.status === "REFUNDED" && late.resolved_at ? t.refunded(formatBamako(late.resolved_at, locale)) : t.open;
  return (
    <section aria-labelledby="p-late-collection" className="mt-4 rounded-2xl border border-line bg-warning p-5 text-warning-ink" data-testid="late-collection-notice" data-status={late.status}>
      <h2 id="p-late-collection" className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="mt-1">{t.arrived(formatXof(late.amount), formatBamako(late.created_at, locale), t.ended[payment.status] ?? payment.status)}</p>
      <p className="mt-1 font-semibold">{outcome}</p>
      {late.provider_ref ? (
        <p className="mt-1 text-sm">
          {t.operatorRef} <code className="font-mono break-all">{late.provider_ref}</code>
        </p>
      ) : null}
    </section>
  );
}
