"use client";

import { formatDay } from "@/lib/format/date";
import { formatPercent } from "@/lib/format/percent";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { DeliveryDay } from "@/lib/webhooks/daily-stats";
import type { webhookStats } from "@/lib/webhooks/logs";
import { BarChart } from "../../BarChart";

export type DeliveryStatsData = { summary: Awaited<ReturnType<typeof webhookStats>>; days: DeliveryDay[] };

const copy = defineCopy({
  fr: {
    title: "Statistiques de livraison",
    last24h: "Dernières 24 h",
    last7d: "7 derniers jours",
    deliveries: "Livraisons",
    successRate: "Taux de réussite",
    latency: "Délai jusqu'au 2xx (médiane / p95)",
    response: "Temps de réponse de votre serveur (médiane / p95)",
    none: "—",
    caption: "Livraisons par jour et par statut",
    summary: (ok: number, failed: number, pending: number) => `Sur 7 jours : ${ok} réussie(s), ${failed} en échec, ${pending} en attente.`,
    day: "Jour",
    showData: "Voir les chiffres par jour",
    empty: "Aucune livraison sur 7 jours.",
    success: "Réussies",
    failed: "En échec",
    pending: "En attente",
  },
  en: {
    title: "Delivery statistics",
    last24h: "Last 24 h",
    last7d: "Last 7 days",
    deliveries: "Deliveries",
    successRate: "Success rate",
    latency: "Time to 2xx (median / p95)",
    response: "Your server's response time (median / p95)",
    none: "—",
    caption: "Deliveries per day and status",
    summary: (ok: number, failed: number, pending: number) => `Over 7 days: ${ok} succeeded, ${failed} failed, ${pending} pending.`,
    day: "Day",
    showData: "Show the figures per day",
    empty: "No delivery over 7 days.",
    success: "Succeeded",
    failed: "Failed",
    pending: "Pending",
  },
});

const ms = (v: number | null) => (v === null ? null : `${Math.round(v)} ms`);
const pair = (a: number | null, b: number | null, none: string) => (a === null ? none : `${ms(a)} / ${ms(b) ?? none}`);
const rate = (r: number | null, locale: Locale, none: string) => (r === null ? none : formatPercent(r, locale));

/** GET /v1/webhooks/stats for both windows, and a 7-day stacked chart of deliveries by status. */
export function DeliveryStats({ locale, data }: { locale: Locale; data: DeliveryStatsData }) {
  const t = copy[locale];
  const windows = [
    { id: "24h", title: t.last24h, w: data.summary.last_24h },
    { id: "7d", title: t.last7d, w: data.summary.last_7d },
  ];
  const sum = (f: (d: DeliveryDay) => number) => data.days.reduce((n, d) => n + f(d), 0);
  return (
    <div>
      <div className="grid gap-3 sm:grid-cols-2">
        {windows.map(({ id, title, w }) => (
          <div key={id} className="rounded-lg border border-line p-3 text-sm" data-testid={`webhook-stats-${id}`}>
            <p className="font-semibold text-ink">{title}</p>
            <dl>
              <div className="mt-1 flex justify-between gap-2">
                <dt className="text-muted">{t.deliveries}</dt>
                <dd className="tabular-nums">{w.total}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t.successRate}</dt>
                <dd className="tabular-nums">{rate(w.success_rate, locale, t.none)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t.latency}</dt>
                <dd className="text-right tabular-nums">{pair(w.latency_ms.p50, w.latency_ms.p95, t.none)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t.response}</dt>
                <dd className="text-right tabular-nums">{pair(w.response_time_ms.p50, w.response_time_ms.p95, t.none)}</dd>
              </div>
            </dl>
          </div>
        ))}
      </div>
      <div className="mt-4" data-testid="webhook-stats-chart">
        <BarChart
          caption={t.caption}
          summary={t.summary(sum((d) => d.success), sum((d) => d.failed), sum((d) => d.pending))}
          series={[
            { id: "success", label: t.success, fill: "fill-brand", swatch: "bg-brand" },
            { id: "failed", label: t.failed, fill: "fill-danger", swatch: "bg-danger" },
            { id: "pending", label: t.pending, fill: "fill-accent", swatch: "bg-accent" },
          ]}
          rows={data.days.map((d) => ({ key: d.date, label: formatDay(d.date, locale), values: [d.success, d.failed, d.pending] }))}
          format={String}
          rowHeader={t.day}
          showData={t.showData}
          emptyNote={t.empty}
        />
      </div>
    </div>
  );
}
