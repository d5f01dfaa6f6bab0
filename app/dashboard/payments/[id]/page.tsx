import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/dashboard/Badge";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { DateTime } from "@/components/dashboard/DateTime";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { paymentsCopy } from "@/components/dashboard/areas/paymentsCopy";
import { PaymentMoneyFacts } from "@/components/dashboard/areas/PaymentMoneyFacts";
import { LateCollectionNotice } from "@/components/dashboard/areas/LateCollectionNotice";
import { ReconcileButton } from "@/components/dashboard/areas/ReconcileButton";
import { PaymentTimeline } from "@/components/dashboard/areas/PaymentTimeline";
import { PaymentRefunds } from "@/components/dashboard/areas/refunds/PaymentRefunds";
import { can } from "@/lib/auth/permissions";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { Amount } from "@/components/ui/Amount";
import { ApiError } from "@/lib/core/errors";
import { paymentActivity, paymentMoney } from "@/lib/payments/dashboard";
import { paymentDetails } from "@/lib/payments/details";
import { statusReasonLabel } from "@/lib/payments/reason-labels";
import { formatPhone } from "@/lib/format/phone";

export const generateMetadata = dashboardMetadata("payments");

export default async function PaymentDetailPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { ctx, locale, refused } = await dashboardPage(`/dashboard/payments/${encodeURIComponent(id)}`, "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="payments" />;
  const t = paymentsCopy[locale];
  let details, activity, money;
  try {
    [details, activity] = await Promise.all([paymentDetails(ctx, id), paymentActivity(ctx, id)]);
    money = await paymentMoney(ctx, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const lang = locale === "en" ? "?lang=en" : "";
  const section = "mt-6 rounded-2xl border border-line bg-surface p-5";

  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="payments">
      <Link href={`/dashboard/payments${lang}`} className="text-sm font-semibold text-brand underline">
        ← {t.back}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-ink">
            {t.detailTitle} <Amount value={details.amount} />
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm break-all text-muted">{details.id}</code>
            <span data-testid="payment-status">
              <StatusBadge kind="payment" status={details.status} locale={locale} code />
            </span>
            {money.state === "refunded" ? <Badge tone="neutral">{t.money.refundedBadge}</Badge> : null}
          </p>
        </div>
        <ReconcileButton paymentId={details.id} locale={locale} />
      </div>
      <LateCollectionNotice payment={details} locale={locale} />

      <dl className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2 lg:grid-cols-3">
        <PaymentMoneyFacts amount={details.amount} money={money} locale={locale} />
        {(
          [
            [t.customer, `${details.customer_name ? `${details.customer_name} · ` : ""}${formatPhone(details.customer_phone)}`],
            [t.reference, details.client_reference ?? "—"],
            [t.description, details.description ?? "—"],
            ...(details.provider_ref ? ([[t.operatorRef, details.provider_ref]] as const) : []),
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-sm font-semibold text-muted">{t.createdAt}</dt>
          <dd className="text-ink">
            <DateTime value={details.created_at} locale={locale} />
          </dd>
        </div>
        {details.status_reason ? (
          <div className="min-w-0">
            <dt className="text-sm font-semibold text-muted">{t.reason}</dt>
            <dd className="break-words text-ink" data-testid="payment-reason">
              {statusReasonLabel(details.status_reason, locale)}
            </dd>
          </div>
        ) : null}
      </dl>

      {details.status === "SUCCESS" || details.refunds.requests.length > 0 ? (
        <PaymentRefunds paymentId={details.id} refunds={details.refunds} canRequest={can(ctx.user.merchantRole, "withdrawals.manage")} locale={locale} />
      ) : null}

      <section aria-labelledby="p-timeline" className={section}>
        <h2 id="p-timeline" className="text-lg font-semibold text-ink">
          {t.timeline}
        </h2>
        <PaymentTimeline entries={activity.entries} locale={locale} />
      </section>

      <section aria-labelledby="p-ledger" className={section}>
        <h2 id="p-ledger" className="text-lg font-semibold text-ink">
          {t.ledger}
        </h2>
        {money.entries.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.noLedger}</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="p-ledger">
            {/* At 360 px the date moves under the operation; the amount column stays on screen. */}
            <table className="w-full text-left text-sm sm:min-w-[480px]">
              <thead>
                <tr className="text-muted">
                  <th scope="col" className="hidden py-2 pr-3 sm:table-cell">{t.date}</th>
                  <th scope="col" className="py-2 pr-3">{t.kind}</th>
                  <th scope="col" className="py-2 pr-3">{t.account}</th>
                  <th scope="col" className="py-2 text-right">{t.amount}</th>
                </tr>
              </thead>
              <tbody>
                {money.entries.map((e, i) => (
                  <tr key={`${e.journal_id}-${i}`} className="border-t border-line align-top" data-testid="ledger-row">
                    <td className="hidden py-2 pr-3 sm:table-cell">
                      <DateTime value={e.created_at} locale={locale} />
                    </td>
                    <td className="py-2 pr-3">
                      {t.kinds[e.kind] ?? e.kind}
                      {t.kinds[e.kind] ? <code className="block font-mono text-xs break-all text-muted">{e.kind}</code> : null}
                      <DateTime value={e.created_at} locale={locale} className="block text-xs text-muted sm:hidden" />
                    </td>
                    <td className="py-2 pr-3">
                      {t.accounts[e.account] ?? e.account}
                      <code className="block font-mono text-xs break-all text-muted">{e.account}</code>
                    </td>
                    <td className="py-2 text-right whitespace-nowrap" data-testid="ledger-amount">
                      <Amount value={e.amount} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="p-webhooks" className={section}>
        <h2 id="p-webhooks" className="text-lg font-semibold text-ink">
          {t.webhooks}
        </h2>
        {activity.deliveries.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.noWebhooks}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {activity.deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <span className="text-ink">{t.events[d.event_type] ?? d.event_type}</span>
                <code className="font-mono text-xs text-muted">{d.event_type}</code>
                <StatusBadge kind="delivery" status={d.status} locale={locale} code />
                <span className="break-all text-muted">{d.url}</span>
                <span className="text-muted">
                  · {t.attempts} : {d.attempt_count}
                  {d.response_status ? ` · HTTP ${d.response_status}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </DashboardFrame>
  );
}
