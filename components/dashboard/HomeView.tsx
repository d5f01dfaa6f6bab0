"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Amount } from "@/components/ui/Amount";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { ChecklistItem, ChecklistState, HomeSummary } from "@/lib/account/home";
import { formatDay } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { formatPercent } from "@/lib/format/percent";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { apiFetch } from "@/components/data/fetch-json";
import { paymentsCopy } from "./areas/paymentsCopy";
import { Badge, type BadgeTone } from "./Badge";
import { BarChart } from "./BarChart";
import { DateTime } from "./DateTime";
import { SecretReveal } from "./SecretReveal";
import { StatusBadge } from "./StatusBadge";
import { NEW_KEY_STORAGE } from "./storage";

const copy = defineCopy({
  fr: {
    title: "Accueil",
    balances: "Soldes",
    balancesNote: (mode: Mode): string => (mode === "test" ? "Soldes du mode test (argent fictif)." : "Soldes du mode production."),
    available: "Disponible",
    availableHint: "Encaissé, frais déduits, retirable.",
    reserved: "Réservé",
    reservedHint: "Retraits demandés, en attente.",
    held: "Bloqué",
    heldHint: "Commandes sécurisées en attente de livraison.",
    activity: "Les 30 derniers jours",
    activityNote: "Par jour de création du paiement, heure de Bamako. Montants lus dans la comptabilité.",
    collected: "Encaissé",
    collectedHint: "Payé par vos clients, remboursements déduits.",
    refunded: "Remboursé",
    refundedHint: "Commandes sécurisées rendues à l'acheteur.",
    successRate: "Taux de réussite",
    successRateHint: (ok: number, finished: number) => `${ok} réussi(s) sur ${finished} paiement(s) terminé(s)`,
    noRate: "—",
    paymentsCount: "Paiements créés",
    chartCaption: "Montant encaissé par jour",
    chartSummary: (total: string, best: string | null, refunded: string | null) =>
      `Montant encaissé par jour sur 30 jours : ${total} au total${best ? `, meilleur jour ${best}` : ""}${refunded ? ` ; ${refunded} remboursé(s) à l'acheteur` : ""}.`,
    day: "Jour",
    showData: "Voir les chiffres par jour",
    noActivity: "Aucun paiement encaissé sur cette période.",
    recent: "Derniers paiements",
    noRecent: "Aucun paiement pour l'instant dans ce mode.",
    allPayments: "Tous les paiements",
    checklist: "Mise en route",
    checklistIntro: "Les étapes pour encaisser de vrais paiements.",
    items: {
      kyc: "Vérification de votre entreprise (KYC)",
      platform_plan: "Abonnement à la plateforme",
      production: "Accès à la production",
      webhook: "Un point de terminaison webhook",
      test_payment: "Un premier paiement test réussi",
    } satisfies Record<ChecklistItem["id"], string>,
    states: { done: "Fait", pending: "En cours d'examen", todo: "À faire", rejected: "Refusé" } satisfies Record<ChecklistState, string>,
    open: "Ouvrir",
    loading: "Chargement des soldes…",
    error: "Impossible de charger les soldes. Réessayez dans un instant.",
    retry: "Réessayer",
    newKey: "Votre clé API de test",
    progress: (done: number, total: number) => `${done} sur ${total} étapes terminées`,
  },
  en: {
    title: "Home",
    balances: "Balances",
    balancesNote: (mode: Mode): string => (mode === "test" ? "Test mode balances (no real money)." : "Live mode balances."),
    available: "Available",
    availableHint: "Collected, fees deducted, withdrawable.",
    reserved: "Reserved",
    reservedHint: "Requested withdrawals, pending.",
    held: "Held",
    heldHint: "Secure orders awaiting delivery.",
    activity: "Last 30 days",
    activityNote: "By the day each payment was created, Bamako time. Amounts read from the ledger.",
    collected: "Collected",
    collectedHint: "Paid by your customers, refunds deducted.",
    refunded: "Refunded",
    refundedHint: "Secure orders returned to the buyer.",
    successRate: "Success rate",
    successRateHint: (ok: number, finished: number) => `${ok} succeeded of ${finished} finished payment(s)`,
    noRate: "—",
    paymentsCount: "Payments created",
    chartCaption: "Amount collected per day",
    chartSummary: (total: string, best: string | null, refunded: string | null) =>
      `Amount collected per day over 30 days: ${total} in total${best ? `, best day ${best}` : ""}${refunded ? `; ${refunded} refunded to buyers` : ""}.`,
    day: "Day",
    showData: "Show the figures per day",
    noActivity: "No payment collected over this period.",
    recent: "Latest payments",
    noRecent: "No payment yet in this mode.",
    allPayments: "All payments",
    checklist: "Getting started",
    checklistIntro: "The steps to collect real payments.",
    items: {
      kyc: "Business verification (KYC)",
      platform_plan: "Platform subscription",
      production: "Production access",
      webhook: "A webhook endpoint",
      test_payment: "A first successful test payment",
    },
    states: { done: "Done", pending: "Under review", todo: "To do", rejected: "Rejected" },
    open: "Open",
    loading: "Loading balances…",
    error: "Could not load the balances. Try again in a moment.",
    retry: "Try again",
    newKey: "Your test API key",
    progress: (done: number, total: number) => `${done} of ${total} steps done`,
  },
});

const TONE: Record<ChecklistState, BadgeTone> = { done: "success", pending: "info", todo: "neutral", rejected: "danger" };

function ActivitySection({ locale, activity }: { locale: Locale; activity: HomeSummary["activity"] }) {
  const t = copy[locale];
  const best = activity.days.reduce<HomeSummary["activity"]["days"][number] | null>((top, d) => (d.collected > (top?.collected ?? 0) ? d : top), null);
  const tiles = [
    { id: "collected", label: t.collected, value: formatXof(activity.totals.collected), hint: t.collectedHint },
    { id: "refunded", label: t.refunded, value: formatXof(activity.totals.refunded), hint: t.refundedHint },
    {
      id: "success-rate",
      label: t.successRate,
      value: activity.totals.success_rate === null ? t.noRate : formatPercent(activity.totals.success_rate, locale),
      hint: t.successRateHint(activity.totals.succeeded, activity.totals.finished),
    },
    { id: "payments", label: t.paymentsCount, value: String(activity.totals.total), hint: null },
  ];
  return (
    <section aria-labelledby="activity-title" className="mt-8 rounded-2xl border border-line bg-surface p-5">
      <h2 id="activity-title" className="text-lg font-semibold text-ink">
        {t.activity}
      </h2>
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
    </section>
  );
}

function RecentPayments({ locale, payments }: { locale: Locale; payments: HomeSummary["recent"] }) {
  const t = copy[locale];
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

/**
 * Shows the test key handed over by the sign-up page, once: it is removed from storage as soon as
 * it is read. A test key is shown in test mode only: in live mode it is dropped unseen, and a
 * mode switch remounts the page (DashboardFrame), which clears it from the screen.
 */
function NewKeyNotice({ locale, mode }: { locale: Locale; mode: Mode }) {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    const stored = window.sessionStorage.getItem(NEW_KEY_STORAGE);
    if (!stored) return;
    window.sessionStorage.removeItem(NEW_KEY_STORAGE);
    if (mode !== "test") return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage exists only in the browser, after hydration
    setKey(stored);
  }, [mode]);
  if (!key || mode !== "test") return null;
  return (
    <div className="mb-6">
      <SecretReveal title={copy[locale].newKey} secret={key} locale={locale} onDone={() => setKey(null)} />
    </div>
  );
}

export function HomeView({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: HomeSummary }) {
  const t = copy[locale];
  const query = useQuery({ queryKey: ["home", mode], queryFn: () => apiFetch<HomeSummary>("/dashboard-api/home"), initialData: initial, staleTime: 15_000 });
  const data = query.data;
  const done = data.checklist.filter((i) => i.state === "done").length;

  return (
    <div>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
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
          <p role="alert" className="mt-2 text-sm font-medium text-danger">
            {t.error}{" "}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              {t.retry}
            </button>
          </p>
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

      <section aria-labelledby="checklist-title" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="checklist-title" className="text-lg font-semibold text-ink">
          {t.checklist}
        </h2>
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
      </section>
    </div>
  );
}
