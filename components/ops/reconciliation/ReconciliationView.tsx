"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { ApiClientError } from "@/components/data/fetch-json";
import { Alert } from "@/components/ui/Alert";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { PageFrame } from "@/components/ui/PageFrame";
import { QueueFailure } from "@/components/ui/QueuePage";
import { Section } from "@/components/ui/Section";
import type { ReconciliationDifferenceKind } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { ReconciliationDifferenceView, ReconciliationReport, ReconciliationStatementView } from "@/lib/reconciliation/report";
import { opsCommonCopy } from "../queues/copy";
import { DecisionStep, Fact, MerchantLine, QueueCard } from "../queues/QueueCard";
import { reconciliationCopy } from "./copy";
import { useDifferenceResolution, useReconciliationReport, useStatementImport } from "./use-reconciliation";

const KIND_TONE: Record<ReconciliationDifferenceKind, BadgeTone> = { paid_not_success: "warning", unknown_reference: "danger", missing_at_operator: "danger", amount_mismatch: "warning" };

function DayPicker({ day, recent, locale }: { day: string; recent: ReconciliationStatementView[]; locale: Locale }) {
  const t = reconciliationCopy[locale];
  return (
    <div className="mt-4 flex flex-wrap items-end gap-6">
      <form method="get" className="flex items-end gap-2" data-testid="reconciliation-day-form">
        <input type="hidden" name="lang" value={locale} />
        <label className="flex flex-col gap-1.5 text-sm font-semibold text-ink">
          {t.dayLabel}
          <input type="date" name="day" defaultValue={day} required className="min-h-11 rounded-lg border border-line-strong bg-surface px-3 text-base" data-testid="reconciliation-day" />
        </label>
        <Button type="submit" variant="secondary">
          {t.show}
        </Button>
      </form>
      <nav aria-label={t.recent} className="text-sm">
        <p className="font-semibold text-ink">{t.recent}</p>
        {recent.length ? (
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1" data-testid="reconciliation-statements">
            {recent.map((s) => (
              <li key={s.id}>
                <Link href={`/ops/reconciliation?day=${s.day}`} aria-current={s.day === day ? "page" : undefined} className="font-mono underline">
                  {s.day}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-muted">{t.noRecent}</p>
        )}
      </nav>
    </div>
  );
}

function StatementImport({ day, locale }: { day: string; locale: Locale }) {
  const t = reconciliationCopy[locale];
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const { upload, outcome } = useStatementImport(day);
  const details = upload.error instanceof ApiClientError ? (upload.error.details ?? []) : [];
  return (
    <Section id="import" title={t.importTitle} card className="mt-6">
      <form
        method="post"
        noValidate
        data-testid="reconciliation-import-form"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setMissing(!file);
          if (file) upload.mutate(file);
        }}
      >
        <label className="flex flex-1 flex-col gap-1.5 text-sm font-semibold text-ink">
          {t.fileLabel}
          <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-base" data-testid="reconciliation-file" />
          <span className="font-mono text-xs font-normal text-muted">{t.formatHint}</span>
        </label>
        <Button type="submit" loading={upload.isPending} disabled={!hydrated} data-testid="reconciliation-import">
          {t.importButton}
        </Button>
      </form>
      <p role="status" className="mt-2 text-sm" data-testid="reconciliation-import-result">
        {upload.isPending ? t.importing : outcome ? t[outcome] : missing ? t.noFile : ""}
      </p>
      {upload.error ? (
        <div data-testid="reconciliation-import-errors">
          <QueueFailure label={opsCommonCopy[locale].failed} error={upload.error} />
          {details.length ? (
            <>
              <p className="mt-2 text-sm font-semibold text-ink">{t.badLines}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 font-mono text-sm text-danger">
                {details.map((d, i) => (
                  <li key={`${d.param ?? ""}-${i}`} data-testid="reconciliation-import-error" data-param={d.param}>
                    {d.message}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

function DifferenceCard({ d, day, locale, onDone }: { d: ReconciliationDifferenceView; day: string; locale: Locale; onDone: () => void }) {
  const t = reconciliationCopy[locale];
  const hydrated = useHydrated();
  const decision = useDifferenceResolution(d, day, onDone);
  const { step, setStep } = decision;
  return (
    <QueueCard
      title={d.operator_reference ?? d.payment_id ?? d.id}
      mono
      badges={
        <>
          <Badge tone={KIND_TONE[d.kind]}>{t.kinds[d.kind]}</Badge>
          <Badge tone={d.status === "OPEN" ? "warning" : "success"}>{t.status[d.status]}</Badge>
        </>
      }
      data-testid="reconciliation-difference"
      data-kind={d.kind}
      data-status={d.status}
      data-payment-id={d.payment_id ?? ""}
      data-operator-ref={d.operator_reference ?? ""}
    >
      {d.merchant_id ? <MerchantLine name={d.merchant_name ?? d.merchant_id} id={d.merchant_id} /> : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label={t.payment} valueClassName="font-mono break-all text-ink">
          {d.payment_id ?? d.payment_reference ?? "—"}
        </Fact>
        <Fact label={t.operatorAmount}>{d.operator_amount === null ? "—" : <Amount value={d.operator_amount} />}</Fact>
        <Fact label={t.ourAmount}>{d.our_amount === null ? "—" : <Amount value={d.our_amount} />}</Fact>
        <Fact label={t.paymentStatus}>{d.payment_status ? t.paymentStatuses[d.payment_status] : "—"}</Fact>
        {d.resolved_at && d.resolution ? (
          <Fact label={t.resolved} className="col-span-2">
            {t.resolutions[d.resolution]}
            {d.outcome ? ` (${t.outcomes[d.outcome]})` : ""} · <DateTime value={d.resolved_at} locale={locale} /> · {t.by} {d.resolved_by}
          </Fact>
        ) : null}
        {d.resolution_note ? (
          <Fact label={t.note} className="col-span-2" valueClassName="break-words text-ink">
            {d.resolution_note}
          </Fact>
        ) : null}
      </dl>
      {d.status === "OPEN" && !step ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {d.resolutions.includes("late_collection") ? (
            <Button onClick={() => setStep("late_collection")} disabled={!hydrated} data-testid="resolve-late-collection">
              {t.resolveLate}
              <span className="sr-only"> {d.operator_reference}</span>
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setStep("error")} disabled={!hydrated} data-testid="resolve-error">
            {t.resolveError}
            <span className="sr-only"> {d.operator_reference ?? d.payment_id}</span>
          </Button>
        </div>
      ) : null}
      <DecisionStep decision={decision} locale={locale} label={t.noteLabel} minLength={3} maxLength={500} submit={step === "late_collection" ? t.confirmLate : t.confirmError} danger={false} />
    </QueueCard>
  );
}

/** The ops console's daily reconciliation (app/ops/reconciliation): the day, its statement's import, and its differences. */
export function ReconciliationView({ day, initial, recent, locale }: { day: string; initial: ReconciliationReport; recent: ReconciliationStatementView[]; locale: Locale }) {
  const t = reconciliationCopy[locale];
  const [announce, setAnnounce] = useState("");
  const query = useReconciliationReport(day, initial);
  const report = query.data;
  return (
    <PageFrame title={t.title} description={t.intro}>
      <DayPicker day={day} recent={recent} locale={locale} />
      <StatementImport day={day} locale={locale} />
      <p role="status" className="sr-only">
        {announce}
      </p>
      <Section id="differences" title={`${t.differences} · ${day}`} className="mt-6">
        {!report.statement ? (
          <p className="rounded-2xl border border-line bg-surface p-5 text-muted" data-testid="reconciliation-summary">
            {t.noStatement}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface p-4 text-sm sm:grid-cols-4" data-testid="reconciliation-summary">
              <Fact label={t.statement} className="col-span-2" valueClassName="break-all text-ink">
                {report.statement.file_name ?? report.statement.id} · {t.importedBy} {report.statement.imported_by} · <DateTime value={report.statement.imported_at} locale={locale} />
              </Fact>
              <Fact label={t.lines}>{report.summary.lines}</Fact>
              <Fact label={t.collected}>
                <Amount value={report.summary.collected_at_operator} />
              </Fact>
              <Fact label={t.differences}>
                <span data-testid="reconciliation-open-count">
                  {report.summary.differences} · {report.summary.open} {t.open}
                </span>
              </Fact>
            </dl>
            {query.isError ? (
              <Alert variant="inline" className="mt-4">
                {opsCommonCopy[locale].failed} {query.error instanceof ApiClientError ? query.error.message : ""}
              </Alert>
            ) : null}
            {report.differences.length === 0 ? (
              <p className="mt-4 rounded-2xl border border-line bg-surface p-5 text-muted">{t.none}</p>
            ) : (
              <ul className="mt-4 space-y-3" data-testid="reconciliation-differences">
                {report.differences.map((d) => (
                  <DifferenceCard key={`${d.id}-${d.status}`} d={d} day={day} locale={locale} onDone={() => setAnnounce(t.done)} />
                ))}
              </ul>
            )}
          </>
        )}
      </Section>
    </PageFrame>
  );
}
