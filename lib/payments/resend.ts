import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type Payment } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import { defineOperation } from "@/lib/core/operation";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/log";
import { operatorResendSeconds } from "@/lib/operator/display";
import { operatorLabel } from "@/lib/operator/port";
import { operatorAdapter } from "@/lib/operator/registry";
import { findPaymentPublic } from "./get";
import { publicPayment } from "./serialize";
import { settlePayment } from "./settle";

/** "Now" on the payment's merchant's clock (a test-mode sandbox clock may run ahead), as its dates were written. */
export async function paymentClock(db: Database, payment: Pick<Payment, "merchantId" | "mode">): Promise<Date> {
  const [owner] = await db.select({ offset: merchants.testClockOffsetSeconds }).from(merchants).where(eq(merchants.id, payment.merchantId));
  return merchantNow({ testClockOffsetSeconds: owner?.offset ?? 0 }, payment.mode);
}

/**
 * Seconds before the customer may ask for the push again: null when no resend applies (the
 * operator does not push again, the payment is over, or its push has no operator session yet),
 * 0 when it may be asked now. The last push is the payment's updated_at: initiation writes it,
 * and so does every resend.
 */
export function resendWaitSeconds(payment: Pick<Payment, "status" | "operatorSessionId" | "updatedAt" | "expiresAt" | "purpose">, now: Date, intervalSeconds = operatorResendSeconds()): number | null {
  if (intervalSeconds === 0 || payment.status !== "PENDING" || payment.operatorSessionId === null || payment.purpose === "opr") return null;
  if (payment.expiresAt.getTime() <= now.getTime()) return null;
  return Math.max(Math.ceil((payment.updatedAt.getTime() + intervalSeconds * 1000 - now.getTime()) / 1000), 0);
}

export type ResendOutcome = {
  payment: ReturnType<typeof publicPayment>;
  /** resent: the operator pushed the same collection again; too_soon: within the interval; unavailable: no resend applies; operator_down: the operator could not be reached. */
  result: "resent" | "too_soon" | "unavailable" | "operator_down";
  /** Seconds until the next resend may be asked; null when none applies. */
  waitSeconds: number | null;
};

/**
 * "Renvoyer la demande" on the checkout's waiting screen: the same payment is initiated again at
 * the operator, under the same reference (the operator's idempotency key), so it pushes the prompt
 * again to the phone without ever opening a second collection, and no second payment exists here.
 * Bounded per payment: one push per OPERATOR_RESEND_SECONDS, claimed by a conditional update of
 * updated_at so concurrent taps, tabs or instances push once; the payment's lifetime bounds the
 * count (15 minutes at 60 s: at most 14 resends). The per-IP limit of the checkout applies on top.
 *
 * Own transactions: the claim commits before the operator is called, like initiation.
 */
export const resendPayment = defineOperation({ transaction: "own" }, async function resendPayment(db: Database, id: string): Promise<ResendOutcome> {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  if (payment.purpose === "opr") throw new ApiError("OPR_CHECKOUT_NOT_AVAILABLE");
  const interval = operatorResendSeconds();
  const now = await paymentClock(db, payment);
  const wait = resendWaitSeconds(payment, now, interval);
  if (wait === null || wait > 0) return { payment: publicPayment(payment, merchantName), result: wait === null ? "unavailable" : "too_soon", waitSeconds: wait };

  const [claimed] = await db
    .update(payments)
    .set({ updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, "PENDING"), isNotNull(payments.operatorSessionId), lte(payments.updatedAt, new Date(now.getTime() - interval * 1000))))
    .returning();
  if (!claimed) {
    const [current] = await db.select().from(payments).where(eq(payments.id, id));
    const left = resendWaitSeconds(current, now, interval);
    return { payment: publicPayment(current, merchantName), result: left === null ? "unavailable" : "too_soon", waitSeconds: left };
  }
  try {
    const outcome = await operatorAdapter(claimed.adapter).initiateCollection({
      reference: claimed.id,
      amount: claimed.amount,
      currency: "XOF",
      customerPhone: claimed.customerPhone,
      label: operatorLabel(merchantName),
      mode: claimed.mode,
    });
    if (outcome.status === "PENDING") return { payment: publicPayment(claimed, merchantName), result: "resent", waitSeconds: interval };
    const settled = await settlePayment(db, claimed.id, { status: outcome.status, providerRef: outcome.providerRef, reason: outcome.reason }, { source: "operator" });
    return { payment: publicPayment(settled.payment, merchantName), result: "resent", waitSeconds: null };
  } catch (error) {
    if (error instanceof ApiError && error.code === "PAYMENT_FINALIZED") {
      const [current] = await db.select().from(payments).where(eq(payments.id, id));
      return { payment: publicPayment(current, merchantName), result: "resent", waitSeconds: null };
    }
    if (error instanceof ApiError) throw error;
    // The first push stands: the payment stays PENDING on the operator's session, and the customer may try again after the interval.
    log("warn", "operator resend failed", { payment_id: claimed.id, adapter: claimed.adapter, error: error instanceof Error ? error.message : String(error) });
    return { payment: publicPayment(claimed, merchantName), result: "operator_down", waitSeconds: interval };
  }
});
