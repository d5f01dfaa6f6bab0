"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/Alert";
import { Amount } from "@/components/ui/Amount";
import { Spinner } from "@/components/ui/Spinner";
import { PageFrame } from "@/components/ui/PageFrame";
import { Section } from "@/components/ui/Section";
import type { Mode } from "@/db/schema";
import type { ChecklistState, HomeSummary } from "@/lib/account/home";
import { formatDay } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { formatPercent } from "@/lib/format/percent";
import type { Locale } from "@/lib/i18n/locale";
import { paymentsCopy } from "./areas/paymentsCopy";
import { Badge, type BadgeTone } from "./Badge";
import { BarChart } from "./BarChart";
import { DateTime } from "./DateTime";
import { SecretReveal } from "./SecretReveal";
import { StatusBadge } from "./StatusBadge";
import { homeCopy } from "./home/copy";
import { useHome, useNewTestKey } from "./home/use-home";

const TONE: Record<ChecklistState, BadgeTone> = { done: "success", pending: "info", todo: "neutral", rejected: "danger" };

function ActivitySection({ locale, activity }: { locale: Locale; activity: HomeSummary["activity"] }) {
  const t = homeCopy[locale];
  const best = activity.days.reduce<HomeSummary["activity"]["days"][number] | null>((top, d) => (d.collected > (top?.collected ?? 0) ? d : top), null);
  const tiles = [
    { id: "collected", label: t.collected, value: <Amount value={activity.totals.collected} />, hint: t.collectedHint },
    { id: "refunded", label: t.refunded, value: <Amount value={activity.totals.refunded} />, hint: t.refundedHint },
    {
      id: "success-rate",
      label: t.successRate,
      value: activity.totals.success_rate === null ? t.noRate : formatPercent(activity.totals.success_rate, locale),
      hint: t.successRateHint(activity.totals.succeeded, activity.totals.finished),
    },
    { id: "payments", label: t.paymentsCount, value: String(activity.totals.total), hint: null },
  ];
  return (
    <Section id="activity-title" title={t.activity} card className="mt-8">
      <p className="text-sm text-muted">{t.activityNote}</p>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.id} data-testid={`activity-${tile.id}`}>
            <dt className="text-sm font-semibold text-muted">{tile.label}</dt>
            <dd className="mt-1 text-xl font-bold whitespace-nowrap text-ink tabular-nums">{tile.value}</dd>
            {tile.hint ? <dd className="text-xs text-muted">{tile.hint}</dd> : null}
          </div>
        ))}
      </dl>
      <div className="mt-4" data-testid="activity-chart">
        <BarChart
          caption={t.chartCaption}
          summary={t.chartSummary(
            formatXof(activity.totals.collected),
            best ? `${formatDay(best.date, locale)} (${formatXof(best.collected)})` : null,
            activity.totals.refunded > 0 ? formatXof(activity.totals.refunded) : null,
          )}
          series={[
            { id: "collected", label: t.collected, fill: "fill-brand", swatch: "bg-brand" },
            { id: "refunded", label: t.refunded, fill: "fill-accent", swatch: "bg-accent" },
          ]}
          rows={activity.days.map((d) => ({ key: d.date, label: formatDay(d.date, locale), values: [d.collected, d.refunded] }))}
          format={formatXof}
          rowHeader={t.day}
          showData={t.showData}
          emptyNote={t.noActivity}
        />
      </div>
    </Section>
  );
}

function RecentPayments({ locale, payments }: { locale: Locale; payments: HomeSummary["recent"] }) {
  const t = homeCopy[locale];
  const p = paymentsCopy[locale];
  return (
    <section aria-labelledby="recent-title" className="mt-8 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-title" className="text-lg font-semibold text-ink">
          {t.recent}
        </h2>
        <Link href="/dashboard/payments" className="min-h-11 content-center text-sm font-semibold text-brand underline-offset-2 hover:underline">
          {t.allPayments}
        </Link>
      </div>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t.noRecent}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2" data-testid="recent-payment">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <Link href={`/dashboard/payments/${encodeURIComponent(payment.id)}`} className="font-semibold text-ink underline-offset-2 hover:underline" data-testid="recent-payment-amount">
                  <Amount value={payment.amount} />
                </Link>
                <span data-testid="recent-payment-status">
                  <StatusBadge kind="payment" status={payment.status} locale={locale} />
                </span>
                {payment.refunded ? <Badge tone="neutral">{p.money.refundedBadge}</Badge> : null}
                {payment.client_reference ? <span className="truncate text-sm text-muted">{payment.client_reference}</span> : null}
              </span>
              <DateTime value={payment.created_at} locale={locale} className="text-sm text-muted" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The test key handed over by the sign-up page, shown once. */
function NewKeyNotice({ locale, mode }: { locale: Locale; mode: Mode }) {
  const { key, dismiss } = useNewTestKey(mode);
  if (!key) return null;
  return (
    <div className="mb-6">
      <SecretReveal title={homeCopy[locale].newKey} secret={key} locale={locale} onDone={dismiss} />
    </div>
  );
}

export function HomeView({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: HomeSummary }) {
  const t = homeCopy[locale];
  const query = useHome(mode, initial);
  const data = query.data;
  const done = data.checklist.filter((i) => i.state === "done").length;

  return (
    <PageFrame title={t.title}>
      <div className="mt-4">
        <NewKeyNotice locale={locale} mode={mode} />
      </div>

      <section aria-labelledby="balances-title">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="balances-title" className="text-lg font-semibold text-ink">
            {t.balances}
          </h2>
          {query.isFetching ? <Spinner label={t.loading} className="size-5" /> : null}
        </div>
        <p className="text-sm text-muted">{t.balancesNote(mode)}</p>
        {query.isError ? (
          <Alert variant="inline" className="mt-2">
            {t.error}{" "}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              {t.retry}
            </button>
          </Alert>
        ) : null}
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {[
            { label: t.available, hint: t.availableHint, value: data.balance.available, id: "available" },
            { label: t.reserved, hint: t.reservedHint, value: data.balance.reserved, id: "reserved" },
            { label: t.held, hint: t.heldHint, value: data.balance.held, id: "held" },
          ].map((tile) => (
            <div key={tile.id} className="rounded-2xl border border-line bg-surface p-4" data-testid={`balance-${tile.id}`}>
              <dt className="text-sm font-semibold text-muted">{tile.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-ink">
                <Amount value={tile.value} />
              </dd>
              <dd className="mt-1 text-xs text-muted">{tile.hint}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ActivitySection locale={locale} activity={data.activity} />
      <RecentPayments locale={locale} payments={data.recent} />

      <Section id="checklist-title" title={t.checklist} card className="mt-8">
        <p className="text-sm text-muted">
          {t.checklistIntro} {t.progress(done, data.checklist.length)}.
        </p>
        <ul className="mt-4 divide-y divide-line">
          {data.checklist.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid={`checklist-${item.id}`}>
              <span className="flex items-center gap-2">
                <span aria-hidden="true" className={`inline-flex size-5 items-center justify-center rounded-full text-xs font-bold ${item.state === "done" ? "bg-brand text-white" : "border border-line-strong text-muted"}`}>
                  {item.state === "done" ? "✓" : ""}
                </span>
                <span className="font-medium text-ink">{t.items[item.id]}</span>
                <Badge tone={TONE[item.state]}>{t.states[item.state]}</Badge>
              </span>
              {item.state !== "done" ? (
                <Link href={item.href} className="min-h-11 content-center rounded-md px-2 text-sm font-semibold text-brand underline-offset-2 hover:underline">
                  {t.open}
                  <span className="sr-only"> : {t.items[item.id]}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
    </PageFrame>
  );
}
