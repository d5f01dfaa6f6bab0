"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import { Section } from "@/components/ui/Section";
import type { Mode } from "@/db/schema";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { WithdrawalResource } from "@/lib/withdrawals/schemas";
import { Badge } from "../Badge";
import { ConfirmInline } from "../ConfirmInline";
import { DateTime } from "../DateTime";
import { StatusBadge } from "../StatusBadge";
import { useHydrated } from "../useHydrated";
import { approvalCopy } from "./withdrawals/approval-copy";
import type { ApprovalViewer } from "./withdrawals/ApprovalPanel";
import { withdrawalsCopy } from "./withdrawals/copy";
import { useWithdrawals, type WithdrawalsOverview } from "./withdrawals/use-withdrawals";
import { Amount } from "@/components/ui/Amount";
import { formatPhone } from "@/lib/format/phone";

const detailHref = (w: WithdrawalResource, locale: Locale) => `/dashboard/withdrawals/${encodeURIComponent(w.id)}${locale === "en" ? "?lang=en" : ""}`;

/**
 * Status and its actions share a cell, so they stay on a 360 px screen. A withdrawal awaiting the
 * team's approval links an owner or admin other than the requester to its page, where they decide.
 */
function WithdrawalStatus({ w, locale, onCancel, busy, viewer }: { w: WithdrawalResource; locale: Locale; onCancel: () => void; busy: boolean; viewer: ApprovalViewer }) {
  const t = withdrawalsCopy[locale];
  const a = approvalCopy[locale];
  const [confirming, setConfirming] = useState(false);
  const awaiting = w.status === "AWAITING_APPROVAL";
  return (
    <>
      {awaiting ? <Badge tone="warning">{a.awaiting}</Badge> : <StatusBadge kind="withdrawal" status={w.status} locale={locale} />}
      {awaiting && viewer.canApprove && w.approval?.requested_by !== viewer.actor ? (
        <p className="mt-2">
          <Link href={detailHref(w, locale)} aria-label={a.decideFor(w.reference)} className="text-sm font-semibold text-brand underline">
            {a.decide}
          </Link>
        </p>
      ) : null}
      {w.status === "PENDING" || awaiting ? (
        confirming ? (
          <ConfirmInline question={t.cancelConfirm} yes={t.cancelYes} no={t.keep} busy={busy} onYes={onCancel} onNo={() => setConfirming(false)} />
        ) : (
          <div className="mt-2">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t.cancel}
              <span className="sr-only"> {w.reference}</span>
            </Button>
          </div>
        )
      ) : null}
    </>
  );
}

/** A message just shown: the focus moves to it, so a phone scrolls it under the finger and a screen reader reads it. */
function useFocusOn<T extends HTMLElement>(message: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return ref;
}

/**
 * The withdrawals page: balances, the request form (said beforehand when the KYC is not approved
 * yet, since the request would be refused) and the history. Every answer to a request shows
 * beside its button, and takes the focus.
 */
export function WithdrawalsView({
  locale,
  mode,
  initial,
  min,
  max,
  kycApproved,
  viewer,
}: {
  locale: Locale;
  mode: Mode;
  initial: WithdrawalsOverview;
  min: number;
  max: number;
  kycApproved: boolean;
  viewer: ApprovalViewer;
}) {
  const t = withdrawalsCopy[locale];
  const a = approvalCopy[locale];
  const hydrated = useHydrated();
  const { amount, amountValid, balance, cancel, cancelError, create, data, error, fieldErrors, notes, notice, onSubmit, page, phone, query, quote, setAmount, setNotes, setPage, setPhone } = useWithdrawals({ locale, mode, initial, min, max });
  const answerRef = useFocusOn<HTMLDivElement>(error ?? notice);
  const cancelErrorRef = useFocusOn<HTMLDivElement>(cancelError);
  const formRef = useRef<HTMLFormElement>(null);
  const firstInvalid = Object.keys(fieldErrors)[0];
  useEffect(() => {
    if (firstInvalid) (formRef.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
  }, [fieldErrors, firstInvalid]);
  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>

      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {(
          [
            ["available", t.available, balance.available],
            ["reserved", t.reserved, balance.reserved],
            ["held", t.held, balance.held],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="rounded-2xl border border-line bg-surface p-4">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-ink" data-testid={`balance-${key}`}>
              <Amount value={value} />
            </dd>
          </div>
        ))}
      </dl>

      <p className="mt-3 text-sm">
        <Link href={`/dashboard/settings/withdrawals${locale === "en" ? "?lang=en" : ""}`} className="font-semibold text-brand underline">
          {a.settingsLink}
        </Link>
      </p>

      <Section id="wd-request" title={t.request} card className="mt-4">
        {kycApproved ? null : (
          <div role="note" className="mt-3 rounded-lg border border-accent bg-warning px-3 py-2 text-sm text-warning-ink" data-testid="withdrawal-kyc-notice">
            <p className="font-semibold">{t.kycFirst}</p>
            <p className="mt-1">
              {t.kycWhy}{" "}
              <Link href={`/dashboard/settings${locale === "en" ? "?lang=en" : ""}#kyc`} className="font-semibold underline">
                {t.kycLink}
              </Link>
            </p>
          </div>
        )}
        <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field
            label={t.amount}
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={t.amountHint(formatXof(min), formatXof(max))}
            error={fieldErrors.amount}
          />
          <Field label={t.phone} name="phone_number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} hint={t.phoneHint} error={fieldErrors.phone_number} />
          <Field label={t.notes} name="notes" maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} error={fieldErrors.notes} className="sm:col-span-2" />
          <div className="sm:col-span-2" aria-live="polite" data-testid="withdrawal-quote">
            {amountValid && quote.data ? (
              <p className="text-sm text-ink">
                {t.fee} : <strong><Amount value={quote.data.fee} /></strong> · {t.net} : <strong><Amount value={quote.data.net_amount} /></strong>
              </p>
            ) : amountValid && quote.isFetching ? (
              <p className="text-sm text-muted">{t.quoting}</p>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={create.isPending} disabled={!hydrated}>
              {t.submit}
            </Button>
          </div>
          <div ref={answerRef} tabIndex={-1} className="scroll-mb-24 outline-none sm:col-span-2" data-testid="withdrawal-answer">
            {error ? <Alert>{error}</Alert> : null}
            <Alert tone="success" variant="inline">
              {notice ?? ""}
            </Alert>
          </div>
        </form>
      </Section>

      <Section id="wd-history" title={t.history} className="mt-8">
        <div ref={cancelErrorRef} tabIndex={-1} className="outline-none">
          {cancelError ? <Alert className="mt-2">{cancelError}</Alert> : null}
        </div>
        {query.isError && !data ? (
          <div role="alert" className="mt-2 text-sm text-danger-strong">
            {t.loadError}{" "}
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : !data ? (
          <Spinner label={t.loading} />
        ) : data.withdrawals.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.none}</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto rounded-2xl border border-line bg-surface p-3" tabIndex={0} role="region" aria-label={t.history}>
            <DataTable
              className="sm:min-w-[640px]"
              rows={data.withdrawals}
              rowKey={(w) => w.id}
              rowProps={() => ({ "data-testid": "withdrawal-row" })}
              empty={t.none}
              columns={[
                { key: "date", header: t.date, from: "sm", cell: (w) => <DateTime value={w.created_at} locale={locale} /> },
                {
                  key: "reference",
                  header: t.reference,
                  cell: (w) => (
                    <>
                      <Link
                        href={detailHref(w, locale)}
                        aria-label={t.open(w.reference)}
                        className="font-mono text-xs font-semibold break-all text-brand underline"
                      >
                        {w.reference}
                      </Link>
                      <DateTime value={w.created_at} locale={locale} className="mt-1 block text-xs text-muted sm:hidden" />
                      {w.operator_reference ? (
                        <p className="mt-1 text-xs text-ink" data-testid="withdrawal-operator-reference">
                          {t.operatorRef} <code className="font-mono break-all">{w.operator_reference}</code>
                        </p>
                      ) : null}
                      {w.rejection_reason ? (
                        <p className="mt-1 text-xs break-words text-ink">
                          {t.rejection} {w.rejection_reason}
                        </p>
                      ) : null}
                    </>
                  ),
                },
                { key: "amount", header: t.amountCol, className: "whitespace-nowrap", cell: (w) => <Amount value={w.amount} />, cellProps: () => ({ "data-testid": "withdrawal-amount" }) },
                { key: "phone", header: t.phoneCol, from: "sm", cell: (w) => <span className="whitespace-nowrap">{formatPhone(w.phone_number)}</span> },
                {
                  key: "status",
                  header: t.status,
                  cell: (w) => <WithdrawalStatus w={w} locale={locale} viewer={viewer} busy={cancel.isPending && cancel.variables === w.id} onCancel={() => cancel.mutate(w.id)} />,
                  cellProps: () => ({ "data-testid": "withdrawal-status" }),
                },
              ]}
            />
          </div>
        )}
        {data && data.pagination.pages > 1 ? (
          <nav aria-label={t.pageOf(page, data.pagination.pages)} className="mt-3 flex items-center gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t.previous}
            </Button>
            <span className="text-sm text-muted">{t.pageOf(page, data.pagination.pages)}</span>
            <Button variant="secondary" disabled={page >= data.pagination.pages} onClick={() => setPage((p) => p + 1)}>
              {t.next}
            </Button>
          </nav>
        ) : null}
      </Section>
    </PageFrame>
  );
}
