"use client";

import { usePathname } from "next/navigation";
import { useActionState, useId } from "react";
import { messageFor, type ErrorMessages } from "@/components/data/error-messages";
import { DeliveryCodeShare } from "@/components/share/DeliveryCodeShare";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import { buyerProgress } from "@/lib/secure-orders/poll";
import type { ActionResult, BuyerView } from "@/lib/secure-orders/public";
import { AutoRefresh } from "./AutoRefresh";
import { buyerCopy } from "./copy";
import { Notice } from "./Notice";
import { OrderSummary } from "./OrderSummary";

export type ActionState = { result: ActionResult | null; at: number };
type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

const initial: ActionState = { result: null, at: 0 };

function errorOf(state: ActionState, errors: ErrorMessages): string | null {
  const r = state.result;
  if (!r || r.ok) return null;
  return messageFor(errors, r.code);
}

/** Splits "042917" into "042 917" for reading aloud; the digits stay one string for copy and paste. */
const grouped = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/**
 * The buyer page's body: order summary, then what the buyer can do in the order's state — pay
 * (confirming their number, as on the hosted checkout), wait for their phone approval (the page
 * follows the status by itself), read the delivery code out to the courier, open a dispute.
 */
export function BuyerPanel({ view, locale, pay, simulate, dispute }: { view: BuyerView; locale: Locale; pay: Action; simulate: Action; dispute: Action }) {
  const t = buyerCopy[locale];
  const [payState, payAction, paying] = useActionState(pay, initial);
  const [simState, simAction, simulating] = useActionState(simulate, initial);
  const [disputeState, disputeAction, disputing] = useActionState(dispute, initial);
  const reasonId = useId();
  const pathname = usePathname();
  const amount = formatXof(view.amount);
  const payment = view.payment;
  const awaitingPhone = view.status === "CREATED" && payment?.status === "PENDING" && payment.initiated;
  const lastFailed = view.status === "CREATED" && payment && ["FAILED", "EXPIRED", "CANCELLED"].includes(payment.status);
  const payError = errorOf(payState, t.errors);
  const simError = errorOf(simState, t.errors);
  const disputeError = errorOf(disputeState, t.errors);

  return (
    <div className="flex flex-col gap-5">
      <OrderSummary
        heading={t.title}
        subheading={t.at(view.merchantName)}
        description={view.description}
        reference={view.reference}
        amount={view.amount}
        labels={{ reference: t.reference, amount: t.amount, status: t.status }}
        status={t.statuses[view.status]}
      />

      {view.status === "CREATED" ? (
        <>
          <Notice tone="info" title={t.protectionTitle}>
            {t.protection}
          </Notice>
          {awaitingPhone ? (
            <section aria-labelledby="pending-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
              <AutoRefresh statusUrl={`${pathname}/status`} since={buyerProgress(view)} />
              <div className="flex items-start gap-3">
                <Spinner label={t.waiting} className="mt-0.5" />
                <div>
                  <h2 id="pending-title" className="font-semibold text-ink">
                    {t.pendingTitle}
                  </h2>
                  <p className="mt-1 text-sm text-muted">{t.pendingBody}</p>
                </div>
              </div>
              <p className="text-sm text-muted">{t.retryHint}</p>
              {payment?.simulated ? (
                <form action={simAction} className="flex flex-col gap-2 border-t border-dashed border-warning-ink pt-4">
                  <p className="font-semibold text-warning-ink">{t.simulatorTitle}</p>
                  <p className="text-sm text-muted">{t.simulatorBody}</p>
                  <Button type="submit" name="outcome" value="SUCCESS" loading={simulating} fullWidth>
                    {t.simulateSuccess}
                  </Button>
                  <Button type="submit" name="outcome" value="FAILED" variant="secondary" disabled={simulating} fullWidth>
                    {t.simulateFailure}
                  </Button>
                  {simError ? (
                    <Notice tone="danger" alert>
                      {simError}
                    </Notice>
                  ) : null}
                </form>
              ) : null}
            </section>
          ) : (
            <form action={payAction} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5" noValidate>
              {lastFailed ? (
                <Notice tone="warning" title={t.lastFailed}>
                  {t.tryAgain}
                </Notice>
              ) : null}
              <Field
                label={t.phoneLabel}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                required
                placeholder="+223 70 00 00 01"
                hint={t.phoneHint(view.maskedPhone)}
                error={payError ?? undefined}
              />
              <Button type="submit" size="lg" loading={paying} fullWidth>
                {paying ? t.paying : t.pay(amount)}
              </Button>
              <p className="text-sm text-muted">{t.payBefore(formatBamako(view.payBefore, locale))}</p>
            </form>
          )}
        </>
      ) : null}

      {view.status === "PAID_HELD" ? (
        <>
          <Notice tone="success" title={t.paidTitle} />
          {view.code && !view.codeLocked ? (
            <section aria-labelledby="code-title" className="rounded-2xl border-2 border-brand bg-surface p-5 text-center">
              <h2 id="code-title" className="text-sm font-semibold uppercase tracking-wide text-muted">
                {t.codeLabel}
              </h2>
              <p className="mt-2 font-mono text-5xl font-bold tracking-[0.2em] text-ink sm:text-6xl" data-testid="delivery-code" aria-label={t.codeSpoken(view.code.split("").join(" "))}>
                {grouped(view.code)}
              </p>
              <div className="mt-4">
                <DeliveryCodeShare locale={locale} code={view.code} reference={view.reference} merchantName={view.merchantName} />
              </div>
            </section>
          ) : null}
          {view.codeLocked ? (
            <Notice tone="danger" title={t.lockedTitle}>
              <p>{t.locked}</p>
              {view.deliveryDeadline ? <p className="mt-2">{t.deadline(formatBamako(view.deliveryDeadline, locale))}</p> : null}
            </Notice>
          ) : (
            <section aria-labelledby="how-title" className="rounded-2xl border border-line bg-surface p-5">
              <h2 id="how-title" className="font-semibold text-ink">
                {t.instructionsTitle}
              </h2>
              <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-ink">
                {t.instructions.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
              {view.deliveryDeadline ? <p className="mt-3 text-sm text-muted">{t.deadline(formatBamako(view.deliveryDeadline, locale))}</p> : null}
            </section>
          )}
          <details className="rounded-2xl border border-line bg-surface p-5" open={Boolean(disputeError) || view.codeLocked}>
            <summary className="cursor-pointer font-semibold text-ink">{t.disputeSummary}</summary>
            <form action={disputeAction} className="mt-3 flex flex-col gap-3">
              <p className="text-sm text-muted">{t.disputeBody}</p>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={reasonId} className="text-sm font-semibold text-ink">
                  {t.disputeLabel}
                </label>
                <textarea
                  id={reasonId}
                  name="reason"
                  required
                  minLength={3}
                  maxLength={500}
                  rows={3}
                  aria-describedby={`${reasonId}-hint${disputeError ? ` ${reasonId}-error` : ""}`}
                  aria-invalid={disputeError ? true : undefined}
                  className={`w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink ${disputeError ? "border-danger" : "border-line-strong"}`}
                />
                <p id={`${reasonId}-hint`} className="text-sm text-muted">
                  {t.disputeHint}
                </p>
                {disputeError ? (
                  <p id={`${reasonId}-error`} role="alert" className="text-sm font-medium text-danger">
                    {disputeError}
                  </p>
                ) : null}
              </div>
              <Button type="submit" variant="danger" loading={disputing} fullWidth>
                {disputing ? t.disputing : t.disputeSubmit}
              </Button>
            </form>
          </details>
        </>
      ) : null}

      {view.status === "DISPUTED" ? (
        <Notice tone="warning" title={t.disputedTitle}>
          <p>{t.disputedBody}</p>
          {view.disputeReason ? (
            <p className="mt-2">
              <span className="font-semibold">{t.yourReport}</span> « {view.disputeReason} »
            </p>
          ) : null}
        </Notice>
      ) : null}
      {view.status === "RELEASED" ? (
        <Notice tone="success" title={t.releasedTitle}>
          {t.releasedBody(view.merchantName)}
        </Notice>
      ) : null}
      {view.status === "REFUNDED" ? (
        <Notice tone="info" title={t.refundedTitle}>
          {t.refundedBody(amount)}
        </Notice>
      ) : null}
      {view.status === "CANCELLED" ? (
        <Notice tone="info" title={t.cancelledTitle}>
          {t.cancelledBody}
        </Notice>
      ) : null}
    </div>
  );
}
