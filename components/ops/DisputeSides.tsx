import Link from "next/link";
import type { ReactNode } from "react";
import { DateTime } from "@/components/dashboard/DateTime";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { Amount } from "@/components/ui/Amount";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { DisputeDetail, LoggedRequest } from "@/lib/ops/dispute-detail";
import type { TimelineStepKind } from "@/lib/secure-orders/dashboard";

const copy = defineCopy({
  fr: {
    buyer: "Acheteur",
    phone: "Téléphone (masqué)",
    name: "Nom donné au marchand",
    reason: "Motif du litige",
    opened: "Litige ouvert le",
    order: "Commande",
    reference: "Référence",
    clientReference: "Référence du marchand",
    amount: "Montant",
    description: "Articles (description de la commande)",
    status: "Statut",
    created: "Créée le",
    paid: "Payée le",
    deadline: "Livraison prévue avant le",
    history: "Déroulé",
    steps: {
      created: "Commande créée par le marchand",
      paid: "Payée par l'acheteur, fonds bloqués",
      disputed: "Litige ouvert par l'acheteur",
      dispute_resolved: "Litige tranché par le personnel",
      released: "Fonds versés au marchand",
      refunded: "Acheteur remboursé",
      cancelled: "Commande annulée",
    } as Record<TimelineStepKind, string>,
    courier: "Livreur (code de livraison)",
    wrong: "Codes erronés saisis",
    wrongOf: (n: number, max: number) => `${n} sur ${max}`,
    remaining: "Essais restants",
    locked: "Code bloqué",
    yes: "Oui",
    no: "Non",
    confirmed: "Livraison confirmée par le code le",
    notConfirmed: "Livraison pas confirmée par le code.",
    untimed: "Les essais faits sur la page du livreur sont comptés mais pas horodatés. Le code lui-même n'est jamais affiché.",
    apiAttempts: "Confirmations envoyées par l'API du marchand (dernières 24 h)",
    noApiAttempts: "Aucune confirmation par l'API ces dernières 24 heures.",
    merchant: "Marchand",
    merchantPage: "Fiche du marchand",
    cannotAnswer: "Le marchand ne peut pas répondre à un litige dans le produit aujourd'hui. Voici ce qu'il a fait sur cette commande.",
    requests: "Requêtes de l'API du marchand sur cette commande (dernières 24 h)",
    noRequests: "Aucune requête sur cette commande ces dernières 24 heures.",
  },
  en: {
    buyer: "Buyer",
    phone: "Phone (masked)",
    name: "Name given to the merchant",
    reason: "Reason for the dispute",
    opened: "Dispute opened",
    order: "Order",
    reference: "Reference",
    clientReference: "Merchant's reference",
    amount: "Amount",
    description: "Items (order description)",
    status: "Status",
    created: "Created",
    paid: "Paid",
    deadline: "Delivery due before",
    history: "What happened",
    steps: {
      created: "Order created by the merchant",
      paid: "Paid by the buyer, funds held",
      disputed: "Dispute opened by the buyer",
      dispute_resolved: "Dispute decided by staff",
      released: "Funds paid to the merchant",
      refunded: "Buyer refunded",
      cancelled: "Order cancelled",
    },
    courier: "Courier (delivery code)",
    wrong: "Wrong codes typed",
    wrongOf: (n: number, max: number) => `${n} of ${max}`,
    remaining: "Attempts left",
    locked: "Code locked",
    yes: "Yes",
    no: "No",
    confirmed: "Delivery confirmed with the code on",
    notConfirmed: "Delivery not confirmed with the code.",
    untimed: "Attempts on the courier page are counted but not timed. The code itself is never shown.",
    apiAttempts: "Confirmations sent through the merchant's API (last 24 h)",
    noApiAttempts: "No confirmation through the API in the last 24 hours.",
    merchant: "Merchant",
    merchantPage: "Merchant's page",
    cannotAnswer: "Merchants cannot answer a dispute in the product today. Here is what the merchant did on this order.",
    requests: "The merchant's API requests on this order (last 24 h)",
    noRequests: "No request on this order in the last 24 hours.",
  },
});

function Side({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid={testId}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <>
    <dt className="font-semibold text-muted">{term}</dt>
    <dd className="min-w-0 break-words text-ink">{children}</dd>
  </>
);

const DL = "grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]";

/** A logged request, the order id shortened to {id} so the path fits a phone's width. */
function Requests({ rows, orderId, locale, empty, testId }: { rows: LoggedRequest[]; orderId: string; locale: Locale; empty: string; testId: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ol className="space-y-1 text-sm" data-testid={testId}>
      {rows.map((r) => (
        <li key={`${r.at}-${r.path}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-t border-line pt-1">
          <DateTime value={r.at} locale={locale} className="text-ink" />
          <code className="font-mono text-xs break-all text-muted">
            {r.method} {r.path.replace(orderId, "{id}")}
          </code>
          <StatusBadge kind="http" status={String(r.status)} locale={locale} code />
        </li>
      ))}
    </ol>
  );
}

/** Both sides of a dispute (lib/ops/dispute-detail.ts): buyer, order, courier, merchant. */
export function DisputeSides({ detail, locale }: { detail: DisputeDetail; locale: Locale }) {
  const t = copy[locale];
  const { order, courier, merchant } = detail;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Side id="dispute-buyer" title={t.buyer} testId="dispute-buyer">
        <dl className={DL}>
          <Row term={t.phone}>
            <span className="font-mono" data-testid="buyer-phone">
              {order.customer_phone}
            </span>
          </Row>
          {order.customer_name ? <Row term={t.name}>{order.customer_name}</Row> : null}
          <Row term={t.reason}>{order.dispute_reason ?? "—"}</Row>
          {order.disputed_at ? (
            <Row term={t.opened}>
              <DateTime value={order.disputed_at} locale={locale} />
            </Row>
          ) : null}
        </dl>
      </Side>
      <Side id="dispute-order" title={t.order} testId="dispute-order">
        <dl className={DL}>
          <Row term={t.reference}>
            <span className="font-mono">{order.reference}</span>
          </Row>
          {order.client_reference ? (
            <Row term={t.clientReference}>
              <span className="font-mono">{order.client_reference}</span>
            </Row>
          ) : null}
          <Row term={t.amount}>
            <Amount value={order.amount} className="font-semibold" />
          </Row>
          <Row term={t.description}>{order.description}</Row>
          <Row term={t.status}>
            <StatusBadge kind="secureOrder" status={order.status} locale={locale} />
          </Row>
          {order.delivery_deadline ? (
            <Row term={t.deadline}>
              <DateTime value={order.delivery_deadline} locale={locale} />
            </Row>
          ) : null}
        </dl>
        <h3 className="mt-3 font-semibold text-ink">{t.history}</h3>
        <ol className="mt-1 space-y-1 text-sm">
          {order.timeline.map((s) => (
            <li key={s.step} className="flex flex-wrap gap-x-2">
              <DateTime value={s.at} locale={locale} className="text-muted" />
              <span className="text-ink">{t.steps[s.step]}</span>
            </li>
          ))}
        </ol>
      </Side>
      <Side id="dispute-courier" title={t.courier} testId="dispute-courier">
        <dl className={DL}>
          <Row term={t.wrong}>
            <span data-testid="wrong-attempts">{t.wrongOf(courier.wrong_attempts, courier.max_attempts)}</span>
          </Row>
          <Row term={t.remaining}>{courier.attempts_remaining}</Row>
          <Row term={t.locked}>{courier.locked ? t.yes : t.no}</Row>
        </dl>
        <p className="mt-2 text-sm text-ink">
          {courier.confirmed_at ? (
            <>
              {t.confirmed} <DateTime value={courier.confirmed_at} locale={locale} />
            </>
          ) : (
            t.notConfirmed
          )}
        </p>
        <p className="mt-1 text-sm text-muted">{t.untimed}</p>
        <h3 className="mt-3 mb-1 font-semibold text-ink">{t.apiAttempts}</h3>
        <Requests rows={courier.api_confirmations} orderId={order.id} locale={locale} empty={t.noApiAttempts} testId="api-confirmations" />
      </Side>
      <Side id="dispute-merchant" title={t.merchant} testId="dispute-merchant">
        <p className="text-sm text-ink">
          <Link href={`/ops/merchants/${encodeURIComponent(order.merchant_id)}?lang=${locale}`} className="font-semibold text-brand underline">
            {order.merchant_name ?? order.merchant_id}
          </Link>
          <span className="sr-only"> ({t.merchantPage})</span>
        </p>
        <p className="mt-2 text-sm text-muted">{t.cannotAnswer}</p>
        <h3 className="mt-3 mb-1 font-semibold text-ink">{t.requests}</h3>
        <Requests rows={merchant.api_requests} orderId={order.id} locale={locale} empty={t.noRequests} testId="merchant-requests" />
      </Side>
    </div>
  );
}
