"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { publicPaymentSchema } from "@/lib/payments/schemas";

export type PublicPayment = z.infer<typeof publicPaymentSchema>;
type SimulateResult = { ok: true; payment: PublicPayment } | { ok: false; code: string; message: string };

const copy = defineCopy({
  fr: {
    payTo: "Paiement à",
    expires: (when: string) => `Ce paiement expire le ${when} (heure de Bamako).`,
    confirmTitle: "Confirmez votre numéro",
    confirmLead: (ending: string) => `La demande de paiement sera envoyée au numéro mobile money se terminant par ${ending}.`,
    phoneLabel: "Votre numéro mobile money",
    phoneHint: "Par exemple 70 00 00 01 ou +223 70 00 00 01.",
    pay: (amount: string) => `Payer ${amount}`,
    phoneMismatch: "Ce n'est pas le numéro indiqué par le marchand. Saisissez le numéro mobile money avec lequel vous payez ce marchand.",
    phoneInvalid: "Saisissez un numéro de 8 chiffres (ou au format +223…).",
    phoneMissing: "Saisissez votre numéro mobile money.",
    operatorDown: "L'opérateur n'a pas pu être joint. Aucun montant n'a été débité : réessayez dans un instant.",
    networkError: "La connexion a échoué. Vérifiez votre réseau et réessayez.",
    tooMany: "Trop de tentatives. Patientez une minute puis réessayez.",
    waitTitle: "Validez le paiement sur votre téléphone",
    waitLead: (amount: string, phone: string) => `Une demande de ${amount} a été envoyée au ${phone}. Saisissez votre code secret mobile money sur votre téléphone pour valider.`,
    waitAuto: "Cette page se met à jour toute seule dès que l'opérateur confirme. Vous pouvez la recharger sans risque : aucun second débit ne sera demandé.",
    waiting: "En attente de votre validation",
    successTitle: "Paiement réussi",
    successLead: (merchant: string) => `Merci ! ${merchant} a bien reçu votre paiement.`,
    redirecting: "Redirection vers le site du marchand…",
    continue: "Retourner sur le site du marchand",
    failedTitle: "Le paiement a échoué",
    failedInsufficient: "Le solde de votre compte mobile money est insuffisant.",
    failedDeclined: "Le paiement a été refusé sur votre téléphone.",
    failedGeneric: "L'opérateur a refusé le paiement.",
    failedNext: "Aucun montant n'a été débité. Pour réessayer, retournez chez le marchand.",
    expiredTitle: "Ce paiement a expiré",
    expiredLead: "Le délai pour payer est dépassé et aucun montant n'a été débité. Retournez chez le marchand pour recommencer.",
    cancelledTitle: "Paiement annulé",
    cancelledLead: "Vous avez annulé ce paiement. Aucun montant n'a été débité.",
    cancel: "Annuler le paiement",
    cancelFailed: "L'annulation n'a pas abouti : le paiement vient peut-être d'être validé. La page va se mettre à jour.",
    testTitle: "Simulateur (mode test)",
    testLead: "Aucun téléphone ne reçoit de demande en mode test. Choisissez le résultat que renverrait l'opérateur :",
    succeed: "Réussir le paiement",
    fail: "Faire échouer le paiement",
    testError: "La simulation a échoué :",
  },
  en: {
    payTo: "Payment to",
    expires: (when: string) => `This payment expires on ${when} (Bamako time).`,
    confirmTitle: "Confirm your number",
    confirmLead: (ending: string) => `The payment request will be sent to the mobile money number ending in ${ending}.`,
    phoneLabel: "Your mobile money number",
    phoneHint: "For example 70 00 00 01 or +223 70 00 00 01.",
    pay: (amount: string) => `Pay ${amount}`,
    phoneMismatch: "This is not the number the merchant gave. Enter the mobile money number you pay this merchant with.",
    phoneInvalid: "Enter an 8-digit number (or one starting with +223…).",
    phoneMissing: "Enter your mobile money number.",
    operatorDown: "The operator could not be reached. Nothing was charged: try again in a moment.",
    networkError: "The connection failed. Check your network and try again.",
    tooMany: "Too many attempts. Wait a minute and try again.",
    waitTitle: "Approve the payment on your phone",
    waitLead: (amount: string, phone: string) => `A request for ${amount} was sent to ${phone}. Enter your mobile money PIN on your phone to approve it.`,
    waitAuto: "This page updates by itself as soon as the operator confirms. Reloading it is safe: you will not be asked to pay twice.",
    waiting: "Waiting for your approval",
    successTitle: "Payment successful",
    successLead: (merchant: string) => `Thank you! ${merchant} has received your payment.`,
    redirecting: "Taking you back to the merchant's site…",
    continue: "Return to the merchant's site",
    failedTitle: "The payment failed",
    failedInsufficient: "Your mobile money balance is insufficient.",
    failedDeclined: "The payment was declined on your phone.",
    failedGeneric: "The operator declined the payment.",
    failedNext: "Nothing was charged. To try again, go back to the merchant.",
    expiredTitle: "This payment has expired",
    expiredLead: "The time to pay has passed and nothing was charged. Go back to the merchant to start again.",
    cancelledTitle: "Payment cancelled",
    cancelledLead: "You cancelled this payment. Nothing was charged.",
    cancel: "Cancel the payment",
    cancelFailed: "The cancellation did not go through: the payment may have just been approved. The page will update.",
    testTitle: "Simulator (test mode)",
    testLead: "No phone receives a request in test mode. Choose the outcome the operator would send back:",
    succeed: "Succeed",
    fail: "Fail",
    testError: "The simulation failed:",
  },
});

type Copy = (typeof copy)["fr"];

/** return_url with the payment id and status appended (existing query parameters kept). */
export function successRedirect(returnUrl: string, paymentId: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set("payment_id", paymentId);
  url.searchParams.set("status", "SUCCESS");
  return url.toString();
}

class RequestError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

async function api(path: string, init?: RequestInit): Promise<PublicPayment> {
  let response: Response;
  try {
    response = await fetch(path, { cache: "no-store", ...init, headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}) } });
  } catch {
    throw new RequestError("NETWORK");
  }
  const body = (await response.json().catch(() => null)) as { success: boolean; data?: PublicPayment; error?: { code: string } } | null;
  if (!body?.success || !body.data) throw new RequestError(body?.error?.code ?? "NETWORK");
  return body.data;
}

function failureText(t: Copy, reason: string | null): string {
  if (reason && /insufficient/i.test(reason)) return t.failedInsufficient;
  if (reason && /declin|refus/i.test(reason)) return t.failedDeclined;
  return t.failedGeneric;
}

function errorText(t: Copy, code: string): string {
  if (code === "PHONE_MISMATCH") return t.phoneMismatch;
  if (code === "INVALID_PHONE") return t.phoneInvalid;
  if (code === "MISSING_PHONE") return t.phoneMissing;
  if (code === "RATE_LIMIT_EXCEEDED") return t.tooMany;
  return t.networkError;
}

const isPhoneError = (code: string) => code === "PHONE_MISMATCH" || code === "INVALID_PHONE" || code === "MISSING_PHONE";

interface CheckoutClientProps {
  locale: Locale;
  initial: PublicPayment;
  returnUrl: string | null;
  /** A test-mode payment settled by the simulator: show the Succeed / Fail buttons. */
  simulated: boolean;
  simulate: (id: string, outcome: "SUCCESS" | "FAILED") => Promise<SimulateResult>;
}

/**
 * The interactive part of the hosted checkout: confirm the number, wait for the approval on the
 * phone while polling the public status, then redirect on SUCCESS (only then). Every state
 * change is announced (aria-live) and focus moves to the new state's heading.
 */
export function CheckoutClient({ locale, initial, returnUrl, simulated, simulate }: CheckoutClientProps) {
  const t = copy[locale];
  const queryClient = useQueryClient();
  const key = ["payment", initial.id];
  const { data: payment } = useQuery({
    queryKey: key,
    queryFn: () => api(`/v1/payments/${encodeURIComponent(initial.id)}`),
    initialData: initial,
    // Poll while the outcome is open: briskly once the phone has the request.
    refetchInterval: (q) => (q.state.data?.status === "PENDING" ? (q.state.data.initiated_at ? 2_000 : 5_000) : false),
    refetchOnWindowFocus: true,
    retry: 2,
  });
  const set = (p: PublicPayment) => queryClient.setQueryData(key, p);

  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: (customerPhone: string) => api(`/v1/payments/${encodeURIComponent(initial.id)}/confirm`, { method: "POST", body: JSON.stringify({ customer_phone: customerPhone }) }),
    onSuccess: (p) => {
      set(p);
      if (p.status === "PENDING" && !p.initiated_at) setFormError(t.operatorDown);
    },
    onError: (error) => {
      const code = error instanceof RequestError ? error.code : "NETWORK";
      if (isPhoneError(code)) setPhoneError(errorText(t, code));
      else setFormError(errorText(t, code));
    },
  });
  const [cancelError, setCancelError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => api(`/v1/payments/${encodeURIComponent(initial.id)}/cancel`, { method: "POST" }),
    onSuccess: set,
    onError: () => {
      setCancelError(t.cancelFailed);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const [testError, setTestError] = useState<string | null>(null);
  const sim = useMutation({
    mutationFn: (outcome: "SUCCESS" | "FAILED") => simulate(initial.id, outcome),
    onSuccess: (result) => {
      if (result.ok) set(result.payment);
      else {
        setTestError(`${t.testError} ${result.message}`);
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: () => setTestError(`${t.testError} ${t.networkError}`),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setPhoneError(null);
    setFormError(null);
    if (!phone.trim()) {
      setPhoneError(t.phoneMissing);
      return;
    }
    confirm.mutate(phone);
  };

  // Redirect on SUCCESS only (never for pending, failed or expired), after the customer has seen it.
  const redirectTo = payment.status === "SUCCESS" && returnUrl ? successRedirect(returnUrl, payment.id) : null;
  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => window.location.assign(redirectTo), 1_200);
    return () => clearTimeout(timer);
  }, [redirectTo]);

  // Focus follows the state, so a screen-reader or keyboard user lands on what changed.
  const stage = payment.status === "PENDING" ? (payment.initiated_at ? "waiting" : "confirm") : payment.status;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStage = useRef(stage);
  useEffect(() => {
    if (stage !== firstStage.current) heading.current?.focus();
  }, [stage]);

  const amount = formatXof(payment.amount);
  const ending = payment.customer_phone.slice(-2);
  const pending = payment.status === "PENDING";

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="checkout-merchant" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <p className="text-sm text-muted">{t.payTo}</p>
        <h1 id="checkout-merchant" className="text-xl font-bold break-words text-ink">
          {payment.merchant_name}
        </h1>
        {payment.description ? <p className="mt-1 break-words text-muted">{payment.description}</p> : null}
        <p className="mt-4 text-3xl font-bold text-ink" data-testid="checkout-amount">
          <Amount value={payment.amount} />
        </p>
        {pending ? (
          <p className="mt-2 text-sm text-muted">
            <time dateTime={payment.expires_at}>{t.expires(formatBamako(payment.expires_at, locale))}</time>
          </p>
        ) : null}
      </section>

      <section aria-live="polite" aria-atomic="false" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6" data-stage={stage}>
        {stage === "confirm" ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.confirmTitle}
            </h2>
            <p className="text-sm text-muted">{t.confirmLead(`••${ending}`)}</p>
            <Field
              label={t.phoneLabel}
              name="customer_phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="70 00 00 00"
              hint={t.phoneHint}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              error={phoneError ?? undefined}
              required
            />
            {formError ? (
              <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
                {formError}
              </p>
            ) : null}
            <Button type="submit" size="lg" fullWidth loading={confirm.isPending}>
              {t.pay(amount)}
            </Button>
          </form>
        ) : null}

        {stage === "waiting" ? (
          <div className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.waitTitle}
            </h2>
            <div className="flex items-center gap-3">
              <Spinner label={t.waiting} />
              <span aria-hidden="true" className="text-sm font-medium text-brand">
                {t.waiting}
              </span>
            </div>
            <p>{t.waitLead(amount, payment.customer_phone)}</p>
            <p className="text-sm text-muted">{t.waitAuto}</p>
          </div>
        ) : null}

        {stage === "SUCCESS" ? (
          <div className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold text-brand">
              <svg className="size-6 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z" clipRule="evenodd" />
              </svg>
              {t.successTitle}
            </h2>
            <p>{t.successLead(payment.merchant_name)}</p>
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
            <p className="text-sm text-muted">{t.failedNext}</p>
          </div>
        ) : null}

        {stage === "EXPIRED" ? (
          <div className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.expiredTitle}
            </h2>
            <p>{t.expiredLead}</p>
          </div>
        ) : null}

        {stage === "CANCELLED" ? (
          <div className="flex flex-col gap-3">
            <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
              {t.cancelledTitle}
            </h2>
            <p>{t.cancelledLead}</p>
          </div>
        ) : null}

        {pending ? (
          <div className="mt-5 border-t border-line pt-4">
            {cancelError ? (
              <p role="alert" className="mb-2 text-sm font-medium text-danger">
                {cancelError}
              </p>
            ) : null}
            <Button variant="ghost" fullWidth loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {t.cancel}
            </Button>
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
