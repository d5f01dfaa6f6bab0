"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import type { ReportType } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { Select } from "../Select";
import { errorText, getReport, requestExport } from "./exportRequest";

const POLL_MS = 2_000;

const copy = defineCopy({
  fr: {
    heading: (what: string) => `Exporter ${what}`,
    what: {
      payments: "les paiements",
      withdrawals: "les retraits",
      secure_orders: "les commandes sécurisées",
      subscriptions: "les abonnements",
      invoices: "les factures",
      balance_transactions: "l'historique du solde",
      refunds: "les remboursements",
    } as Record<string, string>,
    intro: "Le fichier reprend la période choisie et le filtre actuel de la liste.",
    filter: (f: string) => `Filtre appliqué : ${f}.`,
    from: "Du",
    to: "Au (inclus)",
    format: "Format",
    formats: { csv: "CSV (séparateur virgule)", csvSemi: "CSV « ; » pour Excel en français", xlsx: "Excel (XLSX)" },
    submit: "Exporter",
    working: "Export en cours…",
    saved: (name: string) => `Téléchargement lancé : ${name}.`,
    background: "Export volumineux : il est préparé en arrière-plan. Le lien apparaîtra ici dès qu'il sera prêt (vous pouvez rester sur la page).",
    ready: "Votre export est prêt.",
    download: "Télécharger l'export",
    linkHint: "Le lien reste valable une heure.",
    reportFailed: "La préparation de l'export a échoué. Réessayez ; si cela se reproduit, contactez le support.",
  },
  en: {
    heading: (what: string) => `Export ${what}`,
    what: {
      payments: "payments",
      withdrawals: "withdrawals",
      secure_orders: "secure orders",
      subscriptions: "subscriptions",
      invoices: "invoices",
      balance_transactions: "the balance history",
      refunds: "refunds",
    },
    intro: "The file covers the chosen period and the list's current filter.",
    filter: (f: string) => `Filter applied: ${f}.`,
    from: "From",
    to: "To (included)",
    format: "Format",
    formats: { csv: "CSV (comma separator)", csvSemi: "CSV “;” for French-language Excel", xlsx: "Excel (XLSX)" },
    submit: "Export",
    working: "Exporting…",
    saved: (name: string) => `Download started: ${name}.`,
    background: "Large export: it is being prepared in the background. The link will show here as soon as it is ready (you can stay on this page).",
    ready: "Your export is ready.",
    download: "Download the export",
    linkHint: "The link stays valid for one hour.",
    reportFailed: "Preparing the export failed. Try again; if it happens again, contact support.",
  },
});

type ExportType = Exclude<ReportType, "statement">;
type Choice = "csv" | "csvSemi" | "xlsx";
type State = { step: "idle" } | { step: "working" } | { step: "saved"; fileName: string } | { step: "waiting"; id: string } | { step: "ready"; url: string } | { step: "error"; message: string };

const day = (d: Date) => d.toISOString().slice(0, 10);
/** The current month so far (Bamako days are UTC days). */
function currentMonth(): { from: string; to: string } {
  const now = new Date();
  return { from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))), to: day(now) };
}

export type ExportPanelProps = {
  locale: Locale;
  type: ExportType;
  /** The list's current status filter, sent with the export. */
  status?: string;
  /** How that filter reads on the page, e.g. "Réussi". */
  statusLabel?: string;
};

/** The export form of a list page: period + format → the file, or a background report's link. */
export function ExportPanel({ locale, type, status, statusLabel }: ExportPanelProps) {
  const t = copy[locale];
  const [range, setRange] = useState(currentMonth);
  const [choice, setChoice] = useState<Choice>("csv");
  const [state, setState] = useState<State>({ step: "idle" });
  const headingId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (state.step !== "waiting") return;
    let cancelled = false;
    const timer = setInterval(async () => {
      try {
        const report = await getReport(state.id);
        if (cancelled) return;
        if (report.status === "READY" && report.download_url) setState({ step: "ready", url: report.download_url });
        else if (report.status === "FAILED") setState({ step: "error", message: t.reportFailed });
      } catch (e) {
        if (!cancelled) setState({ step: "error", message: errorText(locale, e) });
      }
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [state, locale, t.reportFailed]);

  useEffect(() => {
    if (state.step === "ready") linkRef.current?.focus();
    else if (state.step === "error") errorRef.current?.focus();
    else if (state.step === "saved" || state.step === "waiting") statusRef.current?.focus();
  }, [state.step]);

  const busy = state.step === "working" || state.step === "waiting";

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setState({ step: "working" });
    const to = new Date(`${range.to}T00:00:00Z`);
    try {
      const outcome = await requestExport({
        type,
        from: range.from ? `${range.from}T00:00:00Z` : undefined,
        to: Number.isNaN(to.getTime()) ? undefined : new Date(to.getTime() + 86_400_000).toISOString(),
        format: choice === "xlsx" ? "xlsx" : "csv",
        delimiter: choice === "csvSemi" ? ";" : ",",
        locale,
        status,
      });
      setState(outcome.kind === "file" ? { step: "saved", fileName: outcome.fileName } : { step: "waiting", id: outcome.report.id });
    } catch (err) {
      setState({ step: "error", message: errorText(locale, err) });
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-line bg-surface p-4" data-testid={`export-${type}`}>
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t.heading(t.what[type])}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t.intro}
        {status ? ` ${t.filter(statusLabel ?? status)}` : ""}
      </p>
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <Field label={t.from} type="date" required value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        <Field label={t.to} type="date" required value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        <Select
          label={t.format}
          value={choice}
          onChange={(e) => setChoice(e.target.value as Choice)}
          options={(["csv", "csvSemi", "xlsx"] as const).map((value) => ({ value, label: t.formats[value] }))}
        />
        <Button type="submit" loading={busy} className="lg:self-end">
          {busy ? t.working : t.submit}
        </Button>
      </form>
      <div ref={statusRef} tabIndex={-1} role="status" aria-live="polite" className="mt-3 text-sm outline-none empty:hidden">
        {state.step === "saved" ? <p className="text-ink">{t.saved(state.fileName)}</p> : null}
        {state.step === "waiting" ? <p className="text-ink">{t.background}</p> : null}
        {state.step === "ready" ? (
          <p className="text-ink">
            {t.ready}{" "}
            <a ref={linkRef} href={state.url} className="font-semibold text-brand underline" data-testid="export-download-link">
              {t.download}
            </a>{" "}
            <span className="text-muted">{t.linkHint}</span>
          </p>
        ) : null}
      </div>
      {state.step === "error" ? (
        <p ref={errorRef} tabIndex={-1} role="alert" className="mt-3 text-sm font-semibold text-danger outline-none">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
