import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/dashboard/Badge";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { DateTime } from "@/components/dashboard/DateTime";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { PAYMENT_TONE, paymentsCopy } from "@/components/dashboard/areas/paymentsCopy";
import { PaymentMoneyFacts } from "@/components/dashboard/areas/PaymentMoneyFacts";
import { LateCollectionNotice } from "@/components/dashboard/areas/LateCollectionNotice";
import { ReconcileButton } from "@/components/dashboard/areas/ReconcileButton";
import { dashboardPage, type SearchParams } from "@/lib/auth/page";
import { formatXof } from "@/lib/format/money";
import { ApiError } from "@/lib/http/errors";
import { paymentActivity, paymentMoney } from "@/lib/payments/dashboard";
import { paymentDetails } from "@/lib/payments/details";

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
            {t.detailTitle} {formatXof(details.amount)}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm break-all text-muted">{details.id}</code>
            <Badge tone={PAYMENT_TONE[details.status]}>{t.statuses[details.status]}</Badge>
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
            [t.customer, `${details.customer_name ? `${details.customer_name} · ` : ""}${details.customer_phone}`],
            [t.reference, details.client_reference ?? "—"],
            [t.description, details.description ?? "—"],
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
            <dd className="break-words text-ink">{details.status_reason}</dd>
          </div>
        ) : null}
      </dl>

      <section aria-labelledby="p-timeline" className={section}>
        <h2 id="p-timeline" className="text-lg font-semibold text-ink">
          {t.timeline}
        </h2>
        <ol className="mt-3 space-y-2 border-l-2 border-line pl-4">
          <li>
            <span className="font-semibold text-ink">{t.createdAt}</span> · <DateTime value={details.created_at} locale={locale} className="text-sm text-muted" />
          </li>
          {activity.timeline.map((e) => (
            <li key={e.event_id}>
              <code className="font-mono text-sm font-semibold text-ink">{e.type}</code> · <DateTime value={e.at} locale={locale} className="text-sm text-muted" />
            </li>
          ))}
        </ol>
        {activity.timeline.length === 0 ? <p className="mt-2 text-sm text-muted">{t.noEvents}</p> : null}
      </section>

      <section aria-labelledby="p-ledger" className={section}>
        <h2 id="p-ledger" className="text-lg font-semibold text-ink">
          {t.ledger}
        </h2>
        {money.entries.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.noLedger}</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="p-ledger">
            <table className="w-full min-w-[480px] text-left text-sm">
              <thead>
                <tr className="text-muted">
                  <th scope="col" className="py-2 pr-3">{t.date}</th>
                  <th scope="col" className="py-2 pr-3">{t.kind}</th>
                  <th scope="col" className="py-2 pr-3">{t.account}</th>
                  <th scope="col" className="py-2 text-right">{t.amount}</th>
                </tr>
              </thead>
              <tbody>
                {money.entries.map((e, i) => (
                  <tr key={`${e.journal_id}-${i}`} className="border-t border-line">
                    <td className="py-2 pr-3">
                      <DateTime value={e.created_at} locale={locale} />
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs">{e.kind}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{e.account}</td>
                    <td className="py-2 text-right whitespace-nowrap">{formatXof(e.amount)}</td>
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
                <code className="font-mono">{d.event_type}</code>
                <Badge tone={d.status === "SUCCESS" ? "success" : d.status === "FAILED" ? "danger" : "warning"}>{d.status}</Badge>
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
