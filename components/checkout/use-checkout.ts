"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useActionState, useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { Locale } from "@/lib/i18n/locale";
import type { publicPaymentSchema } from "@/lib/payments/schemas";
import { checkoutCopy as copy, type CheckoutCopy } from "./copy";

export type PublicPayment = z.infer<typeof publicPaymentSchema>;
export type SimulateResult = { ok: true; payment: PublicPayment } | { ok: false; code: string; message: string };

type Copy = CheckoutCopy;

/** return_url with the payment id and status appended (existing query parameters kept). */
function successRedirect(returnUrl: string, paymentId: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set("payment_id", paymentId);
  url.searchParams.set("status", "SUCCESS");
  return url.toString();
}

const paymentPath = (id: string, action = "") => `/v1/payments/${encodeURIComponent(id)}${action}`;
const codeOf = (error: unknown) => (error instanceof ApiClientError ? error.code : "NETWORK_ERROR");

function errorText(t: Copy, code: string): string {
  if (code === "PHONE_MISMATCH") return t.phoneMismatch;
  if (code === "INVALID_PHONE") return t.phoneInvalid;
  if (code === "MISSING_PHONE") return t.phoneMissing;
  if (code === "RATE_LIMIT_EXCEEDED") return t.tooMany;
  if (code === "OPERATOR_DOWN") return t.operatorDown;
  return t.networkError;
}

const isPhoneError = (code: string) => code === "PHONE_MISMATCH" || code === "INVALID_PHONE" || code === "MISSING_PHONE";

/** What a form answered (the page's server actions, app/(public)/checkout/[id]/actions.ts); `at` 0 = nothing posted yet. */
export type CheckoutFormState = { code: string | null; at: number; payment?: PublicPayment; wait?: number | null };
export type FormAction = (state: CheckoutFormState, formData: FormData) => Promise<CheckoutFormState>;
const noAnswer: CheckoutFormState = { code: null, at: 0 };

/**
 * After a tap, or after the page changed under the finger, a second tap within this time never
 * reaches a destructive action: what lies under the finger may not be what the customer aimed at.
 */
const SETTLE_MS = 500;
/**
 * How long the success screen stays before going on to return_url, with or without script: long
 * enough to read "Paiement réussi" on a slow phone.
 */
export const SUCCESS_REDIRECT_SECONDS = 2;

interface UseCheckout {
  locale: Locale;
  initial: PublicPayment;
  returnUrl: string | null;
  simulate: (id: string, outcome: "SUCCESS" | "FAILED") => Promise<SimulateResult>;
  confirmAction: FormAction;
  resendAction: FormAction;
}

/**
 * The hosted checkout's state: the payment polled while its outcome is open, the number
 * confirmed, the cancel asked and confirmed, the test simulator, and what each answered in the
 * customer's words. The timing guards against stray taps (see CheckoutClient) live here too.
 */
export function useCheckout({ locale, initial, returnUrl, simulate, confirmAction, resendAction }: UseCheckout) {
  const t = copy[locale];
  const queryClient = useQueryClient();
  const key = ["payment", initial.id];
  const { data: payment } = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<PublicPayment>(paymentPath(initial.id), { noStore: true }),
    initialData: initial,
    // Poll while the outcome is open: briskly once the phone has the request.
    refetchInterval: (q) => (q.state.data?.status === "PENDING" ? (q.state.data.initiated_at ? 2_000 : 5_000) : false),
    refetchOnWindowFocus: true,
    retry: 2,
  });
  const set = (p: PublicPayment) => queryClient.setQueryData(key, p);

  // Forms posted without the script: the server rendered this page with their answer.
  const [confirmAnswer, confirmFormAction, confirmActionPending] = useActionState(confirmAction, noAnswer);
  const [resendAnswer, resendFormAction, resendPending] = useActionState(resendAction, noAnswer);

  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | null>(() => (confirmAnswer.code && isPhoneError(confirmAnswer.code) ? errorText(t, confirmAnswer.code) : null));
  const [formError, setFormError] = useState<string | null>(() => (confirmAnswer.code && !isPhoneError(confirmAnswer.code) ? errorText(t, confirmAnswer.code) : null));
  const [cancelError, setCancelError] = useState<string | null>(null);
  function cancelErrorText(code: string | null): string | null {
    if (!code) return null;
    return code === "PAYMENT_ALREADY_INITIATED" ? t.cancelTooLate : code === "RATE_LIMIT_EXCEEDED" ? t.tooMany : t.cancelFailed;
  }

  // A server action that ran with the script loaded (a submit React replayed after hydration): same outcome as the API path.
  const seenAnswers = useRef({ confirm: confirmAnswer.at });
  useEffect(() => {
    if (confirmAnswer.at === seenAnswers.current.confirm) return;
    seenAnswers.current.confirm = confirmAnswer.at;
    const code = confirmAnswer.code;
    setPhoneError(code && isPhoneError(code) ? errorText(t, code) : null);
    setFormError(code && !isPhoneError(code) ? errorText(t, code) : null);
    if (confirmAnswer.payment) set(confirmAnswer.payment);
    else void queryClient.invalidateQueries({ queryKey: key });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirmAnswer]);
  useEffect(() => {
    if (resendAnswer.payment) set(resendAnswer.payment);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resendAnswer]);

  // Taps that come too soon after another tap or a change of the page are not trusted with a cancel.
  const settledAt = useRef(0);
  const unsettle = useCallback(() => {
    settledAt.current = performance.now() + SETTLE_MS;
  }, []);
  const settled = () => performance.now() >= settledAt.current;

  const inFlight = useRef(false);
  const confirm = useMutation({
    mutationFn: (customerPhone: string) => apiFetch<PublicPayment>(paymentPath(initial.id, "/confirm"), { method: "POST", body: { customer_phone: customerPhone }, noStore: true }),
    onSuccess: (p) => {
      setPhoneError(null);
      setFormError(p.status === "PENDING" && !p.initiated_at ? t.operatorDown : null);
      set(p);
    },
    onError: (error) => {
      const code = codeOf(error);
      if (isPhoneError(code)) {
        setPhoneError(errorText(t, code));
        setFormError(null);
      } else setFormError(errorText(t, code));
    },
    onSettled: () => {
      inFlight.current = false;
      unsettle();
    },
  });
  const [cancelOpen, setCancelOpen] = useState(false);
  // "Oui, annuler" is disabled for a moment after it appears: the same finger's second tap cannot confirm.
  const [cancelArmed, setCancelArmed] = useState(false);
  const cancel = useMutation({
    mutationFn: () => apiFetch<PublicPayment>(paymentPath(initial.id, "/cancel"), { method: "POST", noStore: true }),
    onSuccess: set,
    onError: (error) => {
      setCancelError(cancelErrorText(codeOf(error)));
      setCancelOpen(false);
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
    unsettle();
    // Nothing on the page moves on a tap: errors stay until the answer replaces them.
    if (inFlight.current || confirmActionPending) {
      event.preventDefault();
      return;
    }
    // The one tap (no number typed): the form's action pushes the number the payment carries, which the page never holds.
    if (!phone.trim()) {
      inFlight.current = true;
      return;
    }
    // A number typed: the public API answers, as for any custom checkout.
    event.preventDefault();
    inFlight.current = true;
    confirm.mutate(phone);
  };

  const onCancelOpen = () => {
    if (!settled()) return;
    setCancelError(null);
    setCancelArmed(false);
    setCancelOpen(true);
  };
  const onCancelYes = () => {
    if (!cancelArmed || cancel.isPending) return;
    cancel.mutate();
  };
  const cancelQuestion = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!cancelOpen) return;
    cancelQuestion.current?.focus();
    const timer = setTimeout(() => setCancelArmed(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [cancelOpen]);

  // Redirect on SUCCESS only (never for pending, failed or expired), after the customer has seen it.
  const redirectTo = payment.status === "SUCCESS" && returnUrl ? successRedirect(returnUrl, payment.id) : null;
  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => window.location.assign(redirectTo), SUCCESS_REDIRECT_SECONDS * 1_000);
    return () => clearTimeout(timer);
  }, [redirectTo]);

  // The one tap's action settled (answered or failed): the button takes taps again.
  useEffect(() => {
    if (confirmActionPending) return;
    inFlight.current = false;
  }, [confirmActionPending]);
  const paying = confirm.isPending || confirmActionPending;
  return { resendAnswer, resendFormAction, resendPending, paying, cancel, cancelArmed, cancelError, cancelOpen, cancelQuestion, confirm, confirmFormAction, formError, onCancelOpen, onCancelYes, onSubmit, payment, phone, phoneError, redirectTo, setCancelOpen, setPhone, setPhoneError, sim, testError, unsettle };
}
