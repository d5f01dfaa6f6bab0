"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { formatBamako } from "@/lib/format/date";
import type { Locale } from "@/lib/i18n/locale";
import type { ActionResult, CourierView } from "@/lib/secure-orders/public";
import { courierCopy } from "./copy";
import { Notice } from "./Notice";
import { OrderSummary } from "./OrderSummary";

type State = { result: ActionResult | null; at: number };
type Action = (state: State, formData: FormData) => Promise<State>;

const initial: State = { result: null, at: 0 };

type Copy = (typeof courierCopy)["fr"];

/** What the courier is told about an order that cannot be confirmed (its state, or the last answer). */
function blocking(view: CourierView, t: Copy): { title: string; body: string; tone: "danger" | "warning" } | null {
  switch (view.status) {
    case "CREATED":
      return { title: t.notPaidTitle, body: t.notPaid, tone: "warning" };
    case "CANCELLED":
      return { title: t.closedTitle, body: t.closed, tone: "danger" };
    case "REFUNDED":
      return view.expired ? { title: t.expiredTitle, body: t.expired, tone: "danger" } : { title: t.closedTitle, body: t.closed, tone: "danger" };
    case "DISPUTED":
      return { title: t.disputedTitle, body: t.disputed, tone: "warning" };
    case "PAID_HELD":
      return view.codeLocked ? { title: t.lockedTitle, body: t.locked, tone: "danger" } : null;
    default:
      return null;
  }
}

function answerOf(result: ActionResult | null, t: Copy): string | null {
  if (!result || result.ok) return null;
  switch (result.code) {
    case "INVALID_CODE":
      return t.wrong(result.attemptsRemaining ?? 0);
    case "INVALID_CODE_FORMAT":
      return t.format;
    case "RATE_LIMIT_EXCEEDED":
      return t.rateLimited;
    case "CODE_LOCKED":
      return t.locked;
    case "NOT_PAID":
      return t.notPaid;
    case "ORDER_CLOSED":
      return t.closed;
    case "DELIVERY_EXPIRED":
      return t.expired;
    case "ORDER_DISPUTED":
      return t.disputed;
    case "ORDER_ALREADY_RELEASED":
      return null;
    default:
      return t.generic;
  }
}

/**
 * The courier page's body: reference and amount only (never the buyer's phone), a code field
 * built for a phone keypad, and a clear answer for every outcome of confirmDelivery.
 */
export function CourierPanel({ view, locale, confirm }: { view: CourierView; locale: Locale; confirm: Action }) {
  const t = courierCopy[locale];
  const [state, action, pending] = useActionState(confirm, initial);
  const stop = blocking(view, t);
  const answer = answerOf(state.result, t);
  // The state's own notice already says it (e.g. locked, closed): the answer adds nothing then.
  const showAnswer = answer !== null && answer !== stop?.body;
  const showForm = view.status === "PAID_HELD" && !view.codeLocked;
  const answerNotice = (
    <Notice tone="danger" alert id="courier-answer">
      {answer}
    </Notice>
  );

  return (
    <div className="flex flex-col gap-5">
      <OrderSummary
        heading={t.title}
        reference={view.reference}
        amount={view.amount}
        labels={{ reference: t.reference, amount: t.amount, status: t.title }}
        status={view.status === "RELEASED" ? t.releasedTitle : view.status === "PAID_HELD" && !view.codeLocked ? t.awaiting : (stop?.title ?? "")}
      />

      {showAnswer && !showForm ? answerNotice : null}

      {view.status === "RELEASED" ? (
        <Notice tone="success" title={t.releasedTitle} alert>
          {t.releasedBody}
        </Notice>
      ) : null}

      {stop ? (
        <Notice tone={stop.tone} title={stop.title}>
          {stop.body}
        </Notice>
      ) : null}

      {showForm ? (
        <form action={action} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5">
          <p className="text-sm text-ink">{t.intro}</p>
          <Field
            label={t.codeLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            minLength={6}
            required
            placeholder="••••••"
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em]"
            hint={`${t.codeHint} ${t.attempts(view.attemptsRemaining)}`}
            aria-describedby={showAnswer ? "courier-answer" : undefined}
          />
          <Button type="submit" size="lg" loading={pending} fullWidth>
            {pending ? t.submitting : t.submit}
          </Button>
          {/* Under the button, not above the field: a wrong code must not move the field and button from under the courier's finger between tries. */}
          {showAnswer ? answerNotice : null}
          {view.deliveryDeadline ? <p className="text-sm text-muted">{t.deadline(formatBamako(view.deliveryDeadline, locale))}</p> : null}
        </form>
      ) : null}
    </div>
  );
}
