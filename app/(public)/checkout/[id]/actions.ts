"use server";

import { headers } from "next/headers";
import { runAction, type ActionFailure } from "@/lib/http/action";
import { ApiError } from "@/lib/core/errors";
import { confirmPayment } from "@/lib/payments/checkout";
import { resendPayment } from "@/lib/payments/resend";
import { simulateFromCheckout } from "@/lib/payments/sandbox";

export type SimulateResult = { ok: true; payment: Awaited<ReturnType<typeof simulateFromCheckout>> } | ActionFailure;

/**
 * The checkout's test-mode buttons (Succeed / Fail). Only a test-mode payment handled by the
 * simulator can be settled this way (PAYMENT_NOT_SIMULATED otherwise); no real money moves.
 * Arguments come from the browser: checked, never trusted.
 */
export async function simulateCheckout(id: unknown, outcome: unknown): Promise<SimulateResult> {
  const result = await runAction(await headers(), { name: "simulateCheckout", limits: ["default"], operation: simulateFromCheckout }, ({ db }) => {
    if (typeof id !== "string" || id.length > 64 || (outcome !== "SUCCESS" && outcome !== "FAILED")) throw new ApiError("INVALID_OUTCOME", "outcome must be SUCCESS or FAILED.");
    return simulateFromCheckout(db, id, outcome);
  });
  return result.ok ? { ok: true, payment: result.value } : result;
}

/**
 * What the checkout's forms answer (posted before the script has loaded, without it, or by the
 * script itself for the one tap): the error or outcome code to show, if any, and the payment as it
 * now is (the page without script is rendered again from the database right after anyway).
 * `OPERATOR_DOWN`: the operator could not be reached, the payment stays PENDING and unclaimed.
 * Resend: `RESENT`, `RESEND_TOO_SOON` (with `wait`, seconds), `RESEND_UNAVAILABLE`.
 */
export type CheckoutFormState = { code: string | null; at: number; payment?: Awaited<ReturnType<typeof confirmPayment>>; wait?: number | null };

/**
 * The number form: exactly what POST /v1/payments/{id}/confirm does (confirmPayment, the same
 * limits per client IP), as a form POST, so the number never travels in a URL. An empty field is
 * the one tap: the number the payment carries, shown masked on the page, is the one pushed.
 */
export async function confirmFromForm(id: string, _prev: CheckoutFormState, formData: FormData): Promise<CheckoutFormState> {
  const result = await runAction(await headers(), { name: "confirmFromForm", limits: ["default", "public.pay"], operation: confirmPayment }, async ({ db }) => {
    const phone = formData.get("customer_phone");
    return confirmPayment(db, id, typeof phone === "string" && phone.trim() !== "" ? phone : null);
  });
  if (!result.ok) return { code: result.code, at: Date.now() };
  const payment = result.value;
  return { code: payment.status === "PENDING" && !payment.initiated_at ? "OPERATOR_DOWN" : null, at: Date.now(), payment };
}

const RESEND_CODES = { resent: "RESENT", too_soon: "RESEND_TOO_SOON", unavailable: "RESEND_UNAVAILABLE", operator_down: "OPERATOR_DOWN" } as const;

/** "Renvoyer la demande": the same payment pushed again at the operator (resendPayment), never a second payment; counted like a confirm. */
export async function resendFromForm(id: string, _prev: CheckoutFormState, _formData: FormData): Promise<CheckoutFormState> {
  const result = await runAction(await headers(), { name: "resendFromForm", limits: ["default", "public.pay"], operation: resendPayment }, ({ db }) => resendPayment(db, id));
  if (!result.ok) return { code: result.code, at: Date.now() };
  return { code: RESEND_CODES[result.value.result], at: Date.now(), payment: result.value.payment, wait: result.value.waitSeconds };
}
