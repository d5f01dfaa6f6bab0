"use client";

import Link from "next/link";
import { BarChart } from "@/components/dashboard/BarChart";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { FIGURE_PERIODS, type FigureTotals, type Figures } from "@/lib/figures/schemas";
import { formatDay } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { formatPercent } from "@/lib/format/percent";
import type { Locale } from "@/lib/i18n/locale";
import { statusReasonLabel } from "@/lib/payments/reason-labels";
import { CompareBars } from "./CompareBars";
import { figuresCopy } from "./copy";
import { useFigures } from "./use-figures";

type Copy = (typeof figuresCopy)[Locale];

const rateText = (t: Copy, locale: Locale, rate: number | null) => (rate === null ? t.noRate : formatPercent(rate, locale));

/** "+12,5 %" / "−3 %" / "stable": the change of a sum against the previous period; nothing when there was none before. */
function changeOf(t: Copy, locale: Locale, current: number, previous: number): string | null {
  if (previous === 0) return null;
  if (current === previous) return t.noChange;
  return t.change(formatPercent(Math.abs(current - previous) / previous, locale), current > previous);
}

function Tiles({ t, locale, figures }: { t: Copy; locale: Locale; figures: Figures }) {
  const { current, previous } = figures.totals;
  const times = figures.confirmation;
  const seconds = (s: number | null) => (s === null ? t.noRate : t.seconds(s));
  const tiles: { id: string; label: string; value: string; before: string; change: string | null; hint?: string }[] = [
    { id: "collected", label: t.collected, value: formatXof(current.collected), before: formatXof(previous.collected), change: changeOf(t, locale, current.collected, previous.collected) },
    { id: "payments", label: t.payments, value: String(current.count), before: String(previous.count), change: changeOf(t, locale, current.count, previous.count) },
    { id: "success-rate", label: t.successRate, value: rateText(t, locale, current.success_rate), before: rateText(t, locale, previous.success_rate), change: null, hint: t.successRateHint },
    { id: "confirmation", label: t.confirmation, value: seconds(times.current.median_seconds), before: seconds(times.previous.median_seconds), change: null },
  ];
  return (
    <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile.id} data-testid={`figures-tile-${tile.id}`} className="min-w-0 rounded-xl border border-line bg-surface p-3">
          <dt className="text-sm font-semibold text-muted">{tile.label}</dt>
          <dd className="mt-1 text-xl font-bold break-words text-ink tabular-nums">
            {tile.value}
            {tile.change ? <span className="ml-2 text-sm font-semibold text-muted">{tile.change}</span> : null}
          </dd>
          <dd className="text-xs text-muted">{t.previous(tile.before)}</dd>
          {tile.hint ? <dd className="text-xs text-muted">{tile.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function Charts({ t, locale, figures }: { t: Copy; locale: Locale; figures: Figures }) {
  const { current, previous } = figures.totals;
  const labels = { current: t.current, previous: t.before, showData: t.showData };
  const sum = (x: FigureTotals) => x.collected;
  const origins = figures.origins.filter((o) => o.current.count + o.previous.count > 0);
  const times = figures.confirmation;
  const timeRows = [
    { key: "median", label: t.median, current: times.current.median_seconds ?? 0, previous: times.previous.median_seconds ?? 0 },
    { key: "p90", label: t.p90, current: times.current.p90_seconds ?? 0, previous: times.previous.p90_seconds ?? 0 },
  ];
  return (
    <>
      <Section id="figures-collected-title" title={t.collectedChart} card className="mt-6">
        <div className="mt-2" data-testid="figures-collected-chart">
          <BarChart
            caption={t.collectedChart}
            summary={t.collectedSummary(formatXof(current.collected), formatXof(previous.collected))}
            series={[{ id: "collected", label: t.collected, fill: "fill-brand", swatch: "bg-brand" }]}
            rows={figures.days.map((d) => ({ key: d.date, label: formatDay(d.date, locale), values: [d.collected] }))}
            format={formatXof}
            rowHeader={t.day}
            showData={t.showData}
            emptyNote={t.empty}
          />
        </div>
      </Section>
      <Section id="figures-outcomes-title" title={t.outcomesChart} card className="mt-6">
        <div className="mt-2" data-testid="figures-outcomes-chart">
          <BarChart
            caption={t.outcomesChart}
            summary={t.outcomesSummary(rateText(t, locale, current.success_rate), rateText(t, locale, previous.success_rate))}
            series={[
              { id: "succeeded", label: t.succeeded, fill: "fill-brand", swatch: "bg-brand" },
              { id: "failed", label: t.failed, fill: "fill-danger", swatch: "bg-danger" },
            ]}
            rows={figures.days.map((d) => ({ key: d.date, label: formatDay(d.date, locale), values: [d.succeeded, d.failed] }))}
            format={String}
            rowHeader={t.day}
            showData={t.showData}
            emptyNote={t.empty}
          />
        </div>
      </Section>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Section id="figures-times-title" title={t.timesTitle} card>
          <p className="mt-1 text-sm text-muted">{t.timesNote(times.current.count)}</p>
          <div className="mt-3">
            {times.current.count + times.previous.count > 0 ? (
              <CompareBars caption={t.timesTitle} rows={timeRows} format={t.seconds} labels={{ ...labels, rowHeader: t.measure }} testId="figures-times-chart" />
            ) : (
              <p className="text-sm text-muted">{t.empty}</p>
            )}
          </div>
        </Section>
        <Section id="figures-origins-title" title={t.originsTitle} card>
          <div className="mt-3">
            {origins.length ? (
              <CompareBars
                caption={t.originsTitle}
                rows={origins.map((o) => ({ key: o.origin, label: t.origins[o.origin], current: sum(o.current), previous: sum(o.previous) }))}
                format={formatXof}
                labels={{ ...labels, rowHeader: t.origin }}
                testId="figures-origins-chart"
              />
            ) : (
              <p className="text-sm text-muted">{t.empty}</p>
            )}
          </div>
        </Section>
        <Section id="figures-reasons-title" title={t.reasonsTitle} card>
          <div className="mt-3">
            {figures.failure_reasons.length ? (
              <CompareBars
                caption={t.reasonsTitle}
                rows={figures.failure_reasons.map((r) => ({ key: r.reason, label: statusReasonLabel(r.reason, locale), current: r.current, previous: r.previous }))}
                format={String}
                labels={{ ...labels, rowHeader: t.reason }}
                testId="figures-reasons-chart"
              />
            ) : (
              <p className="text-sm text-muted">{t.noFailures}</p>
            )}
          </div>
        </Section>
      </div>
    </>
  );
}

/** The figures page: a period switch, the headline numbers against the previous period, and the charts. */
export function FiguresView({ locale, mode, initial, settingsHref }: { locale: Locale; mode: Mode; initial: Figures; settingsHref: string }) {
  const t = figuresCopy[locale];
  const { period, setPeriod, query } = useFigures(mode, initial);
  return (
    <div className="mx-auto max-w-6xl min-w-0" data-testid="figures-page">
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      <div role="group" aria-label={t.period} className="mt-4 flex flex-wrap gap-2">
        {FIGURE_PERIODS.map((days) => (
          <Button key={days} variant={days === period ? "primary" : "secondary"} aria-pressed={days === period} onClick={() => setPeriod(days)} data-testid={`figures-period-${days}`}>
            {t.periods[days]}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <div className="mt-6" data-testid="figures-loading">
          <Spinner label={t.loading} />
        </div>
      ) : query.isError ? (
        <Alert className="mt-6" data-testid="figures-error">
          {t.loadError}{" "}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : (
        <div aria-busy={query.isFetching} className={query.isFetching ? "opacity-70" : undefined}>
          <Tiles t={t} locale={locale} figures={query.data} />
          <Charts t={t} locale={locale} figures={query.data} />
        </div>
      )}
      <p className="mt-6 text-sm text-muted">
        {t.weeklyHint}{" "}
        <Link href={settingsHref} className="font-semibold text-brand underline">
          {t.weeklyLink}
        </Link>
      </p>
    </div>
  );
}
