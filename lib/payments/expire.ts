import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type Payment } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import type { JobScope } from "@/lib/core/job-scope";
import { ApiError } from "@/lib/core/errors";
import { merchantNowSql } from "@/lib/clock";
import { emitEvents } from "@/lib/events/emit";
import { runPurposeHooks } from "./purpose-hooks";
import { paymentResource } from "./serialize";
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

/** How many payments one pass of the sweep expires, in one transaction. */
export const EXPIRY_BATCH = 500;

/**
 * The expiry sweep: every PENDING payment whose expires_at has passed on its merchant's clock,
 * a batch per pass in one transaction: one statement claims the batch, one expires it, one writes
 * its payment.expired events, then the purpose hooks (lib/payments/purpose-hooks.ts). Row by
 * row, a backlog of 100,000 took 600,000 round trips and woke the webhook worker for each event,
 * slowing every request beside it. Rows another transaction holds (an operator callback settling
 * one) are skipped, not waited for, so two instances sweeping at once, or a sweep racing a
 * settlement, end each payment once and emit each payment.expired exactly once; an operator's
 * SUCCESS that loses the race becomes a late collection (lib/payments/settle.ts).
 */
export async function expireDuePayments(db: Database, scope: JobScope = {}): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    // Claimed first, then updated by id: as an IN subquery the planner may run the claim again, and with SKIP LOCKED a rerun finds other rows.
    const due = await tx
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(merchants, eq(merchants.id, payments.merchantId))
      .where(
        and(
          eq(payments.status, "PENDING"),
          lte(payments.expiresAt, merchantNowSql(sql`${merchants.testClockOffsetSeconds}`, sql`${payments.mode}`)),
          scope.merchantId ? eq(payments.merchantId, scope.merchantId) : undefined,
        ),
      )
      .orderBy(payments.expiresAt)
      .limit(EXPIRY_BATCH)
      .for("update", { of: payments, skipLocked: true });
    if (due.length === 0) return 0;
    // The payment's own merchant clock: settled_at is what merchantNow would say inside settlePayment.
    // Qualified by hand: drizzle leaves an update's own columns unqualified, and "id" would mean the merchant's.
    const at = merchantNowSql(sql`(select m.test_clock_offset_seconds from ${merchants} m where m.id = "payments"."merchant_id")`, sql.raw(`"payments"."mode"`));
    const updated = await tx
      .update(payments)
      .set({ status: "EXPIRED", statusReason: EXPIRED_REASON, settledAt: at, updatedAt: at })
      .where(and(inArray(payments.id, due.map((d) => d.id)), eq(payments.status, "PENDING")))
      .returning();
    // In expiry order, as one by one: where two payments share a customer, the later one's details win.
    const expired = updated.sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || (a.id < b.id ? -1 : 1));
    await emitEvents(
      tx,
      expired.map((p) => ({ merchantId: p.merchantId, applicationId: p.applicationId, mode: p.mode, type: "payment.expired" as const, object: paymentResource(p), at: p.settledAt! })),
    );
    await runPurposeHooks(tx, expired);
    return expired.length;
  });
}
