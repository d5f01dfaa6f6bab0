import { and, eq, lte } from "drizzle-orm";
import { merchants, payments, type Payment } from "@/db/schema";
import type { Database } from "@/db/client";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/http/errors";
import { expireIfDue, EXPIRED_REASON } from "./expire";
import { settlePayment } from "./settle";

/** One of the merchant's payments in the key's mode, as stored (no expiry on read): another merchant's or mode's is NOT_FOUND. */
export async function loadPayment(ctx: DomainContext, id: string): Promise<Payment> {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.merchantId, ctx.merchant.id), eq(payments.mode, ctx.mode)))
    .limit(1);
  if (!row) throw new ApiError("NOT_FOUND", `No payment ${id} for this key's merchant and mode.`);
  return row;
}

/** One of the merchant's payments in the key's mode (another merchant's or mode's is NOT_FOUND), expired if due. */
export async function findPayment(ctx: DomainContext, id: string): Promise<Payment> {
  return expireIfDue(ctx.db, await loadPayment(ctx, id), ctx.now);
}

/**
 * Expires every PENDING payment of the context's merchant and mode whose expires_at has passed on
 * its clock, so a list never shows PENDING after expiry. Settlement locks each row: a sweep
 * running at the same time cannot emit a second payment.expired.
 */
export async function expireDueForMerchant(ctx: DomainContext): Promise<number> {
  const due = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.merchantId, ctx.merchant.id), eq(payments.mode, ctx.mode), eq(payments.status, "PENDING"), lte(payments.expiresAt, ctx.now)))
    .limit(1000);
  let expired = 0;
  for (const { id } of due) {
    try {
      if ((await settlePayment(ctx.db, id, { status: "EXPIRED", reason: EXPIRED_REASON })).changed) expired++;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "PAYMENT_FINALIZED")) throw error;
    }
  }
  return expired;
}

/** Any payment by id, for the public status route and hosted pages; expired if due on its merchant's clock. */
export async function findPaymentPublic(db: Database, id: string): Promise<{ payment: Payment; merchantName: string }> {
  const [row] = await db
    .select({ payment: payments, merchantName: merchants.name, offset: merchants.testClockOffsetSeconds })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, id))
    .limit(1);
  if (!row) throw new ApiError("NOT_FOUND", `No payment ${id}.`);
  const now = merchantNow({ testClockOffsetSeconds: row.offset }, row.payment.mode);
  return { payment: await expireIfDue(db, row.payment, now), merchantName: row.merchantName };
}
