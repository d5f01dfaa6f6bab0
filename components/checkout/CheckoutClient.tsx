"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { OperatorDisplay } from "@/lib/operator/display";
import { CheckoutReceipt } from "@/components/receipts/CheckoutReceipt";
import { Amount } from "@/components/ui/Amount";
import { Button, buttonClasses } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { CheckoutWayBack } from "@/lib/payments/checkout";
import { checkoutCopy as copy, type CheckoutCopy } from "./copy";
import { Countdown } from "./Countdown";
import { SUCCESS_REDIRECT_SECONDS, useCheckout, type FormAction, type PublicPayment, type SimulateResult } from "./use-checkout";

type Copy = CheckoutCopy;

function failureText(t: Copy, reason: string | null): string {
  if (reason && /insufficient/i.test(reason)) return t.failedInsufficient;
  if (reason && /declin|refus/i.test(reason)) return t.failedDeclined;
  return t.failedGeneric;
}

function resendText(t: Copy, code: string, wait: number): string {
  if (code === "RESENT") return t.resent;
  if (code === "RESEND_TOO_SOON") return t.resendIn(wait);
  if (code === "RESEND_UNAVAILABLE") return t.resendUnavailable;
  if (code === "OPERATOR_DOWN") return t.operatorDown;
  if (code === "RATE_LIMIT_EXCEEDED") return t.tooMany;
  return t.networkError;
}

interface CheckoutClientProps {
  locale: Locale;
  initial: PublicPayment;
  /** What the payment is for, from the view model (lib/payments/checkout.ts): the description, or the one client libraries put in metadata. */
  description: string | null;
  returnUrl: string | null;
  /** Where the customer can go when this payment did not, or cannot, succeed (see lib/payments/checkout.ts). */
  wayBack: CheckoutWayBack;
  /** A test-mode payment settled by the simulator: show the Succeed / Fail buttons. */
  simulated: boolean;
  simulate: (id: string, outcome: "SUCCESS" | "FAILED") => Promise<SimulateResult>;
  /** Server action bound to the payment: the number form works before (or without) the script, and pays the carried number in one tap. */
  confirmAction: FormAction;
  /** Server action bound to the payment: the same collection pushed again at the operator. */
  resendAction: FormAction;
  /** The operator's name, mark and approval help (deployment configuration). */
  operator: OperatorDisplay;
  /** What the customer's phone shows for this payment (lib/operator/port.ts). */
  operatorLabel: string;
  /** The number the payment carries, masked (lib/format/phone.ts maskPhone). */
  maskedPhone: string;
  /** Seconds left before expires_at, as the server counted them. */
  secondsLeft: number;
  /** Seconds before a resend may be asked (0: now); null: none offered. */
  resendWait: number | null;
  /** The receipt's page and full URL (lib/receipts/), shown once the payment succeeded. */
  receipt: { path: string; url: string };
}

/** The operator's mark (when the deployment supplies one) and name. */
function OperatorName({ operator }: { operator: OperatorDisplay }) {
  return (
    <span className="inline-flex items-center gap-2">
      {/* eslint-disable-next-line @next/next/no-img-element -- a small data: URI from configuration, nothing to optimise */}
      {operator.logo ? <img src={operator.logo} alt="" width={28} height={28} className="size-7 shrink-0 rounded object-contain" /> : null}
      <span>{operator.name}</span>
    </span>
  );
}

/**
 * The interactive part of the hosted checkout: confirm the number, wait for the approval on the
 * phone while polling the public status, then redirect on SUCCESS (only then). Every state
 * change is announced (aria-live) and focus moves to the new state's heading.
 *
 * Fingers: the pay button stays where it is and is disabled while its request is in flight;
 * no error appears or disappears above it on a tap; the cancel control is far from it (in the
 * summary card) and is disabled while the number is being confirmed; it asks "Oui, annuler / Non"
 * in place (the answers below the question, "Oui" armed only after a moment), ignores taps that
 * follow a tap on "Payer" or a change of the page too closely, and is gone once the request is on the phone (the API refuses
 * it then: PAYMENT_ALREADY_INITIATED). When the number form gives way to the waiting state, the
 * section keeps its height, so nothing below it slides under the finger.
 *
 * Before the script runs (or without it), the number form posts to a server action: never a GET
 * carrying the number, and the page answers with the payment's next state.
 */
export function CheckoutClient({ locale, initial, description, returnUrl, wayBack, simulated, simulate, confirmAction, receipt, resendAction, operator, operatorLabel, maskedPhone, secondsLeft, resendWait }: CheckoutClientProps) {
  const t = copy[locale];
  const { resendAnswer, resendFormAction, resendPending, paying, cancel, cancelArmed, cancelError, cancelOpen, cancelQuestion, confirm, confirmFormAction, formError, onCancelOpen, onCancelYes, onSubmit, payment, phone, phoneError, redirectTo, setCancelOpen, setPhone, setPhoneError, sim, testError, unsettle } = useCheckout({ locale, initial, returnUrl, simulate, confirmAction, resendAction });

  // Focus follows the state, so a screen-reader or keyboard user lands on what changed.
  const stage = payment.status === "PENDING" ? (payment.initiated_at ? "waiting" : "confirm") : payment.status;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStage = useRef(stage);
  useEffect(() => {
    if (stage !== firstStage.current) heading.current?.focus();
  }, [stage]);

  // The action section keeps the number form's height when it gives way to the next state.
  const section = useRef<HTMLElement>(null);
  const formHeight = useRef(0);
  const previousStage = useRef(stage);
  const [heldHeight, setHeldHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (stage === "confirm") formHeight.current = section.current?.offsetHeight ?? 0;
  });
  useLayoutEffect(() => {
    if (previousStage.current === stage) return;
    if (previousStage.current === "confirm" && formHeight.current > 0) setHeldHeight(formHeight.current);
    previousStage.current = stage;
    unsettle();
  }, [stage, unsettle]);

  const amount = formatXof(payment.amount);
  const ending = `••${payment.customer_phone.slice(-2)}`;
  const pending = payment.status === "PENDING";
  const linkHref = wayBack.link?.open ? `${wayBack.link.path}?lang=${locale}` : null;
  const selfHref = `/checkout/${encodeURIComponent(payment.id)}?lang=${locale}`;

  const wayBackLinks = (retryLabel: string) =>
    linkHref || wayBack.merchantUrl ? (
      <div className="mt-2 flex flex-col gap-2">
        {linkHref ? (
          <a href={linkHref} className={buttonClasses({ size: "lg", fullWidth: true })}>
            {retryLabel}
          </a>
        ) : null}
        {wayBack.merchantUrl ? (
          <a href={wayBack.merchantUrl} className={buttonClasses({ variant: linkHref ? "secondary" : "primary", size: "lg", fullWidth: true })}>
            {t.backToMerchant}
          </a>
        ) : null}
      </div>
    ) : null;
  const endedHint = wayBack.link && !wayBack.link.open ? t.endedLinkClosed : !wayBack.link && !wayBack.merchantUrl ? t.endedGoBack : null;

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="checkout-merchant" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <p className="text-sm text-muted">{t.payTo}</p>
        <h1 id="checkout-merchant" className="text-xl font-bold break-words text-ink">
          {payment.merchant_name}
        </h1>
        {description ? <p className="mt-1 break-words text-muted">{description}</p> : null}
        <p className="mt-4 text-3xl font-bold text-ink" data-testid="checkout-amount">
          <Amount value={payment.amount} />
        </p>
        {pending ? <Countdown secondsLeft={secondsLeft} label={t.timeLeft} className="mt-2 text-sm text-muted" /> : null}

        {/* Cancel lives here, away from the pay button; the slot keeps its height once the request is on the phone. */}
        {pending ? (
          <div className="mt-4 min-h-11 border-t border-line pt-3" data-testid="checkout-cancel-slot">
            {stage === "confirm" && !cancelOpen ? (
              <Button variant="ghost" fullWidth disabled={confirm.isPending} onClick={onCancelOpen}>
                {t.cancel}
              </Button>
            ) : stage === "confirm" ? (
              // The question takes the cancel button's place; the answers come below it, never where the finger was.
              <div role="group" aria-labelledby="checkout-cancel-question" className="flex flex-col gap-2">
                <p id="checkout-cancel-question" ref={cancelQuestion} tabIndex={-1} className="flex min-h-11 items-center text-sm font-medium text-ink">
                  {t.cancelQuestion}
                </p>
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="secondary" onClick={() => setCancelOpen(false)}>
                    {t.cancelNo}
                  </Button>
                  <Button variant="danger" loading={cancel.isPending} disabled={!cancelArmed} onClick={onCancelYes}>
                    {t.cancelYes}
                  </Button>
                </div>
              </div>
            ) : (
              <p className="flex min-h-11 items-center text-sm text-muted">{t.sentNoCancel}</p>
            )}
            {cancelError ? (
              <p role="alert" className="mt-2 text-sm font-medium text-danger">
                {cancelError}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>

      <section
        ref={section}
        aria-live="polite"
        aria-atomic="false"
        className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6"
        // Held for the waiting state only: an end state has nothing below it that could slide under a finger.
        style={heldHeight && stage === "waiting" ? { minHeight: heldHeight } : undefined}
        data-stage={stage}
      >
        {stage === "confirm" ? (
          <form action={confirmFormAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.payWith(operator.name)}
            </h2>
            {operator.logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- a small data: URI from configuration, nothing to optimise
              <img src={operator.logo} alt="" width={40} height={40} className="size-10 rounded object-contain" />
            ) : null}
            {/* The number the payment carries, confirmed and masked (anyone with the link can open this page); "modifier" reveals the field, without script too. */}
            <p className="text-sm text-muted">
              {t.sendTo}{" "}
              <span className="font-semibold whitespace-nowrap text-ink" data-testid="checkout-phone">
                {maskedPhone}
              </span>
            </p>
            <details open={phoneError !== null || undefined}>
              <summary aria-label={`${t.change} ${t.changeWhat}`} className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand underline">
                {t.change}
              </summary>
              <Field
                label={t.phoneLabel}
                name="customer_phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="70 00 00 00"
                hint={`${t.changeHint} ${t.phoneHint}`}
                value={phone}
                onChange={(e) => {
                  // Typing clears the error (the page moves while the keyboard is in use, never on a tap).
                  setPhone(e.target.value);
                  if (phoneError) setPhoneError(null);
                }}
                error={phoneError ?? undefined}
              />
            </details>
            {/* Sticky: with the keyboard open the button stays on screen, above it. */}
            <div className="sticky bottom-0 bg-surface pt-1 pb-2">
              <Button type="submit" size="lg" fullWidth loading={paying}>
                {t.pay(amount)}
              </Button>
            </div>
            <p className="text-xs text-muted" data-testid="checkout-label">
              {t.phoneShows(operatorLabel)}
            </p>
            {/* Below the button: an answer that appears here moves nothing the finger could hit. */}
            {formError ? (
              <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
                {formError}
              </p>
            ) : null}
          </form>
        ) : null}

        {stage === "waiting" ? (
          <div className="flex flex-col gap-3">
            <noscript>
              {/* Without the script, the page follows the payment by reloading itself. */}
              <meta httpEquiv="refresh" content={`5;url=${selfHref}`} />
            </noscript>
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.waitTitle}
            </h2>
            <div className="flex items-center gap-3">
              <Spinner label={t.waiting} />
              <span aria-hidden="true" className="text-sm font-medium text-brand">
                {t.waiting}
              </span>
            </div>
            <p>{t.waitLead(amount, maskedPhone)}</p>
            <p className="text-sm text-muted">
              <OperatorName operator={operator} /> · <span data-testid="checkout-label">{t.phoneShows(operatorLabel)}</span>
            </p>
            <p className="text-sm text-muted">{t.waitAuto}</p>
            <details className="mt-1 rounded-lg border border-line-strong" data-testid="checkout-nothing-received">
              <summary className="flex min-h-11 cursor-pointer items-center px-3 py-2 text-sm font-semibold text-brand">{t.nothingReceived}</summary>
              <div className="flex flex-col gap-3 border-t border-line px-3 py-3 text-sm">
                <p>{t.helpPhone(ending)}</p>
                <p>
                  {operator.help} {t.helpMenu(amount, operatorLabel)}
                </p>
                <p>
                  <time dateTime={payment.expires_at}>{t.helpUntil(formatBamako(payment.expires_at, locale))}</time>
                </p>
                {resendWait !== null ? (
                  <form action={resendFormAction} className="flex flex-col gap-2">
                    <Button type="submit" variant="secondary" fullWidth loading={resendPending}>
                      {t.resend}
                    </Button>
                    {resendAnswer.code ? (
                      <p role="status" className="text-sm" data-testid="checkout-resend-answer">
                        {resendText(t, resendAnswer.code, resendAnswer.wait ?? 0)}
                      </p>
                    ) : resendWait > 0 ? (
                      <p className="text-sm text-muted">{t.resendIn(resendWait)}</p>
                    ) : null}
                  </form>
                ) : null}
                {linkHref ? (
                  <>
                    <p>{t.helpOtherLink(ending)}</p>
                    <a href={linkHref} className={buttonClasses({ variant: "secondary", fullWidth: true })}>
                      {t.otherNumber}
                    </a>
                  </>
                ) : wayBack.link ? (
                  <p>{t.helpLinkClosed(ending)}</p>
                ) : (
                  <p>{t.helpApiTied(payment.merchant_name, ending)}</p>
                )}
              </div>
            </details>
          </div>
        ) : null}

        {stage === "SUCCESS" ? (
          <div className="flex flex-col gap-3">
            {redirectTo ? (
              <noscript>
                <meta httpEquiv="refresh" content={`${SUCCESS_REDIRECT_SECONDS};url=${redirectTo}`} />
              </noscript>
            ) : null}
            <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold text-brand">
              <svg className="size-6 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z" clipRule="evenodd" />
              </svg>
              {t.successTitle}
            </h2>
            <p>{t.successLead(payment.merchant_name)}</p>
            <CheckoutReceipt locale={locale} merchantName={payment.merchant_name} amount={payment.amount} reference={payment.id} paidAt={payment.updated_at} receipt={receipt} />
            {redirectTo ? (
              <>
                <p className="text-sm text-muted">{t.redirecting}</p>
                <a href={redirectTo} className="font-semibold text-brand underline">
                  {t.continue}
                </a>
              </>
            ) : null}
          </div>
        ) : null}

        {stage === "FAILED" ? (
          <div className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-danger">
              {t.failedTitle}
            </h2>
            <p>{failureText(t, payment.status_reason)}</p>
            <p className="text-sm text-muted">{linkHref ? t.failedRetryLink : t.failedFinal}</p>
            {endedHint && wayBack.link ? <p className="text-sm text-muted">{endedHint}</p> : null}
            {wayBackLinks(t.retryOtherNumber)}
          </div>
        ) : null}

        {stage === "EXPIRED" ? (
          <div className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.expiredTitle}
            </h2>
            <p>{t.expiredLead}</p>
            {endedHint ? <p className="text-sm text-muted">{endedHint}</p> : null}
            {wayBackLinks(t.startAgain)}
          </div>
        ) : null}

        {stage === "CANCELLED" ? (
          <div className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.cancelledTitle}
            </h2>
            <p>{t.cancelledLead}</p>
            {endedHint ? <p className="text-sm text-muted">{endedHint}</p> : null}
            {wayBackLinks(t.startAgain)}
          </div>
        ) : null}
      </section>

      {simulated && pending ? (
        <section aria-labelledby="checkout-simulator" className="rounded-2xl border-2 border-dashed border-warning-ink bg-warning p-5 text-warning-ink">
          <h2 id="checkout-simulator" className="font-bold">
            {t.testTitle}
          </h2>
          <p className="mt-1 text-sm">{t.testLead}</p>
          {testError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-danger">
              {testError}
            </p>
          ) : null}
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            <Button onClick={() => sim.mutate("SUCCESS")} loading={sim.isPending && sim.variables === "SUCCESS"} disabled={sim.isPending}>
              {t.succeed}
            </Button>
            <Button variant="danger" onClick={() => sim.mutate("FAILED")} loading={sim.isPending && sim.variables === "FAILED"} disabled={sim.isPending}>
              {t.fail}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
