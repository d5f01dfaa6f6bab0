import { and, eq, sql } from "drizzle-orm";
import { merchants, payments, type Payment } from "@/db/schema";
import type { Database } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { expireIfDue } from "./expire";

// GET /v1/payments/{id} and every action on one payment start here (db/prepared.ts).
const paymentById = preparedQuery((db) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.id, sql.placeholder("id")), eq(payments.merchantId, sql.placeholder("merchantId")), eq(payments.mode, sql.placeholder("mode"))))
    .limit(1)
    .prepare("payment_by_id"),
);

export const paymentNotFound = (id: string) => new ApiError("NOT_FOUND", `No payment ${id} for this key's merchant and mode.`);

/** One of the merchant's payments in the key's mode, as stored (no expiry on read): another merchant's or mode's is NOT_FOUND. */
export async function loadPayment(ctx: DomainContext, id: string): Promise<Payment> {
  const [row] = await paymentById(ctx.db).execute({ id, merchantId: ctx.merchant.id, mode: ctx.mode });
  if (!row) throw paymentNotFound(id);
  return row;
}

/** One of the merchant's payments in the key's mode (another merchant's or mode's is NOT_FOUND), expired if due. */
export async function findPayment(ctx: DomainContext, id: string): Promise<Payment> {
  return expireIfDue(ctx.db, await loadPayment(ctx, id), ctx.now);
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
