"use server";

import { headers } from "next/headers";
import { runAction, type ActionFailure } from "@/lib/http/action";
import { ApiError } from "@/lib/core/errors";
import { confirmPayment } from "@/lib/payments/checkout";
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
 * What the checkout's number form answers when it was posted without JavaScript (a tap before the
 * page's script has loaded, or no script at all): the error code to show, if any. The page is
 * rendered again from the database right after, so it shows the payment's next state itself.
 * `OPERATOR_DOWN`: the operator could not be reached, the payment stays PENDING and unclaimed.
 */
export type CheckoutFormState = { code: string | null; at: number };

/**
 * The number form without JavaScript: exactly what the script does through
 * POST /v1/payments/{id}/confirm (confirmPayment, the same limits per client IP), as a form POST,
 * so the number never travels in a URL.
 */
export async function confirmFromForm(id: string, _prev: CheckoutFormState, formData: FormData): Promise<CheckoutFormState> {
  const result = await runAction(await headers(), { name: "confirmFromForm", limits: ["default", "public.pay"], operation: confirmPayment }, async ({ db }) => {
    const phone = formData.get("customer_phone");
    if (typeof phone !== "string" || phone.trim() === "") throw new ApiError("MISSING_PHONE", undefined, { param: "customer_phone" });
    const payment = await confirmPayment(db, id, phone);
    return payment.status === "PENDING" && !payment.initiated_at ? "OPERATOR_DOWN" : null;
  });
  return { code: result.ok ? result.value : result.code, at: Date.now() };
}
