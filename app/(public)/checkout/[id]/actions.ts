"use server";

import { db } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
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
