"use client";

import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { ApiClientError } from "@/components/data/fetch-json";
import { errorMessages, messageFor } from "@/components/data/error-messages";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { FormAlert } from "@/components/ui/FormAlert";
import type { RefundReason, RefundRequestStatus } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { PaymentRefunds as Refunds } from "@/lib/refunds/schemas";
import { paymentRefundsCopy } from "./copy";
import { usePaymentRefunds } from "./use-refunds";

const REASONS: readonly RefundReason[] = ["requested_by_customer", "duplicate", "fraudulent", "other"];
const TONES: Record<RefundRequestStatus, BadgeTone> = { REQUESTED: "warning", APPROVED: "info", EXECUTED: "success", REFUSED: "danger", CANCELLED: "neutral" };

/**
 * The payment's refund requests and, for the roles that may move money, the form that asks for
 * one (the amount defaults to what remains refundable). No refund webhook exists: this list is
 * where the merchant follows a request.
 */
export function PaymentRefunds({ paymentId, refunds, canRequest, locale }: { paymentId: string; refunds: Refunds; canRequest: boolean; locale: Locale }) {
  const t = paymentRefundsCopy[locale];
  const messages = errorMessages[locale].refunds;
  const hydrated = useHydrated();
  const [amount, setAmount] = useState(String(refunds.amount_refundable));
  const [reason, setReason] = useState<RefundReason>("requested_by_customer");
  const [note, setNote] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const { request, cancel } = usePaymentRefunds(paymentId, (what) => {
    setDone(what === "sent" ? t.sent : t.cancelled);
    setNote("");
  });
  const failure = request.error ?? cancel.error;
  const failureText = failure ? messageFor(messages, failure instanceof ApiClientError ? failure.code : null) : null;
  const amountError = request.error instanceof ApiClientError && request.error.param === "amount" ? messageFor(messages, request.error.code) : undefined;

  return (
    <section aria-labelledby="p-refunds" className="mt-6 rounded-2xl border border-line bg-surface p-5" data-testid="payment-refunds">
      <h2 id="p-refunds" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="text-muted">{t.refunded}</dt>
          <dd className="font-semibold text-ink" data-testid="amount-refunded">
            <Amount value={refunds.amount_refunded} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t.refundable}</dt>
          <dd className="font-semibold text-ink">
            <Amount value={refunds.amount_refundable} />
          </dd>
        </div>
      </dl>
      {refunds.requests.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t.none}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {refunds.requests.map((r) => (
            <li key={r.id} className="py-3 text-sm" data-testid="refund-request" data-status={r.status}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">
                  <Amount value={r.amount} />
                </span>
                <Badge tone={TONES[r.status]}>{t.statuses[r.status]}</Badge>
                <span className="text-muted">{t.reasons[r.reason]}</span>
                <code className="font-mono text-xs break-all text-muted">{r.id}</code>
              </div>
              <p className="mt-1 text-muted">
                {t.requestedAt} <DateTime value={r.created_at} locale={locale} />
              </p>
              {r.staff_note ? <p className="mt-1 break-words text-ink">{`${t.staffNote} ${r.staff_note}`}</p> : null}
              {r.operator_reference ? <p className="mt-1 break-all text-ink">{`${t.operatorRef} ${r.operator_reference}`}</p> : null}
              {canRequest && r.status === "REQUESTED" ? (
                <Button variant="secondary" className="mt-2" onClick={() => cancel.mutate(r.id)} loading={cancel.isPending && cancel.variables === r.id} disabled={!hydrated}>
                  {t.cancel}
                  <span className="sr-only"> {r.id}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 space-y-2">
        {done && !failure ? <FormAlert tone="success">{done}</FormAlert> : null}
        {failureText && !amountError ? <FormAlert tone="error">{failureText}</FormAlert> : null}
      </div>
      {canRequest && refunds.amount_refundable > 0 ? (
        <form
          className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            setDone(null);
            request.mutate({ amount: Number(amount), reason, note });
          }}
        >
          <h3 className="font-semibold text-ink sm:col-span-2">{t.request}</h3>
          <Field label={t.amount} hint={t.amountHint} inputMode="numeric" pattern="[0-9]*" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ""))} required error={amountError} />
          <Select label={t.reason} value={reason} onChange={(e) => setReason(e.target.value as RefundReason)} options={REASONS.map((r) => ({ value: r, label: t.reasons[r] }))} />
          <Field label={t.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <Button type="submit" loading={request.isPending} disabled={!hydrated}>
              {t.request}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
