import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type Payment } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import type { JobScope } from "@/lib/core/job-scope";
import { ApiError } from "@/lib/core/errors";
import { settlePayment } from "./settle";
import { TERMINAL_STATUSES } from "./schemas";

export const EXPIRED_REASON = "The payment was not completed before expires_at.";

/** No payment is ever reported PENDING after its expires_at: readers call this before answering. */
export async function expireIfDue(db: Database, payment: Payment, now: Date): Promise<Payment> {
  if (payment.status !== "PENDING" || payment.expiresAt > now) return payment;
  return (await settlePayment(db, payment.id, { status: "EXPIRED", reason: EXPIRED_REASON })).payment;
}

/** POST /v1/payments/{id}/expire: only once expires_at has passed. */
export async function expirePaymentNow(ctx: DomainContext, payment: Payment): Promise<Payment> {
  // Expiring an expired payment again answers it unchanged (no second event); other terminal states refuse.
  if (payment.status === "EXPIRED") return payment;
  if (TERMINAL_STATUSES.has(payment.status)) throw new ApiError("PAYMENT_FINALIZED", `This payment is already ${payment.status}.`);
  if (payment.expiresAt > ctx.now) {
    throw new ApiError("PAYMENT_NOT_EXPIRED", `This payment expires at ${payment.expiresAt.toISOString()}; it cannot be expired before then.`);
  }
  return (await settlePayment(ctx.db, payment.id, { status: "EXPIRED", reason: EXPIRED_REASON })).payment;
}

/**
 * The expiry sweep: every PENDING payment whose expires_at has passed on its merchant's clock.
 * Settlement locks each row and skips terminal ones, so two instances sweeping at once emit
 * each payment.expired exactly once.
 */
export async function expireDuePayments(db: Database, scope: JobScope = {}): Promise<number> {
  const due = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(
      and(
        eq(payments.status, "PENDING"),
        lte(payments.expiresAt, sql`now() + case when ${payments.mode} = 'test' then ${merchants.testClockOffsetSeconds} * interval '1 second' else interval '0' end`),
        scope.merchantId ? eq(payments.merchantId, scope.merchantId) : undefined,
      ),
    )
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    try {
      if ((await settlePayment(db, id, { status: "EXPIRED", reason: EXPIRED_REASON })).changed) expired++;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "PAYMENT_FINALIZED")) throw error;
    }
  }
  return expired;
}
