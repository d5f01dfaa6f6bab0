"use server";

import { headers } from "next/headers";
import { db } from "@/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { hitRateLimits } from "@/lib/http/rate-limit";
import { confirmPayment } from "@/lib/payments/checkout";
import { simulateFromCheckout } from "@/lib/payments/sandbox";

export type SimulateResult =
  | { ok: true; payment: Awaited<ReturnType<typeof simulateFromCheckout>> }
  | { ok: false; code: string; message: string };

/**
 * The checkout's test-mode buttons (Succeed / Fail). Only a test-mode payment handled by the
 * simulator can be settled this way (PAYMENT_NOT_SIMULATED otherwise); no real money moves.
 * Arguments come from the browser: checked, never trusted.
 */
export async function simulateCheckout(id: unknown, outcome: unknown): Promise<SimulateResult> {
  if (typeof id !== "string" || id.length > 64 || (outcome !== "SUCCESS" && outcome !== "FAILED")) {
    return { ok: false, code: "INVALID_OUTCOME", message: "outcome must be SUCCESS or FAILED." };
  }
  try {
    return { ok: true, payment: await simulateFromCheckout(db(), id, outcome) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/**
 * What the checkout's number form answers when it was posted without JavaScript (a tap before the
 * page's script has loaded, or no script at all): the error code to show, if any. The page is
 * rendered again from the database right after, so it shows the payment's next state itself.
 * `OPERATOR_DOWN`: the operator could not be reached, the payment stays PENDING and unclaimed.
 */
export type CheckoutFormState = { code: string | null; at: number };

/** The same limits as the public route (POST /v1/payments/{id}/confirm), per client IP. */
async function limited(): Promise<void> {
  const rate = await hitRateLimits(`ip:${clientIpOf(await headers())}`, ["default", "public.pay"]);
  if (rate.exceeded) throw new ApiError("RATE_LIMIT_EXCEEDED");
}

async function answer(work: () => Promise<string | null>): Promise<CheckoutFormState> {
  try {
    return { code: await work(), at: Date.now() };
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, at: Date.now() };
    throw error;
  }
}

/**
 * The number form without JavaScript: exactly what the script does through
 * POST /v1/payments/{id}/confirm (confirmPayment), as a form POST, so the number never travels
 * in a URL.
 */
export async function confirmFromForm(id: string, _prev: CheckoutFormState, formData: FormData): Promise<CheckoutFormState> {
  return answer(async () => {
    await limited();
    const phone = formData.get("customer_phone");
    if (typeof phone !== "string" || phone.trim() === "") throw new ApiError("MISSING_PHONE", undefined, { param: "customer_phone" });
    const payment = await confirmPayment(db(), id, phone);
    return payment.status === "PENDING" && !payment.initiated_at ? "OPERATOR_DOWN" : null;
  });
}
