import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, refundRequests, type RefundRequest, type RefundRequestStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { refundRequestResource } from "./serialize";

const scoped = (ctx: Pick<DomainContext, "merchant" | "mode">) => and(eq(refundRequests.merchantId, ctx.merchant.id), eq(refundRequests.mode, ctx.mode));

/** One of the merchant's requests in the key's mode; another merchant's or mode's is 404 (no existence leak). */
export async function getRefundRequest(ctx: DomainContext, id: string): Promise<RefundRequest> {
  const [row] = await ctx.db.select().from(refundRequests).where(and(scoped(ctx), eq(refundRequests.id, id))).limit(1);
  if (!row) throw new ApiError("NOT_FOUND", `No refund request ${id}.`);
  return row;
}

/** GET /v1/refund-requests: newest first, `{refund_requests, pagination}` like the withdrawals' list. */
export async function listRefundRequests(ctx: DomainContext, query: { payment_id?: string; status?: RefundRequestStatus; page: number; limit: number }) {
  const where = and(scoped(ctx), query.payment_id ? eq(refundRequests.paymentId, query.payment_id) : undefined, query.status ? eq(refundRequests.status, query.status) : undefined);
  const [{ total }] = await ctx.db.select({ total: count() }).from(refundRequests).where(where);
  const rows = await ctx.db
    .select()
    .from(refundRequests)
    .where(where)
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { refund_requests: rows.map(refundRequestResource), pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) } };
}

/** The requests of one payment. */
export async function refundRequestsOfPayment(db: Database, paymentId: string): Promise<RefundRequest[]> {
  return db.select().from(refundRequests).where(eq(refundRequests.paymentId, paymentId)).orderBy(desc(refundRequests.id));
}

/** The staff queue across merchants, oldest first so nobody waits forever; with the payment staff check against. */
export async function refundQueue(db: Database, filter: { status?: RefundRequestStatus; statuses?: RefundRequestStatus[]; limit?: number } = {}) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(refundRequests.status, filter.status));
  if (filter.statuses) where.push(inArray(refundRequests.status, filter.statuses));
  const rows = await db
    .select({ r: refundRequests, merchantName: merchants.name, payment: { amount: payments.amount, providerRef: payments.providerRef, customerPhone: payments.customerPhone, settledAt: payments.settledAt, feeTotal: payments.feeTotal } })
    .from(refundRequests)
    .innerJoin(merchants, eq(merchants.id, refundRequests.merchantId))
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id))
    .limit(Math.min(filter.limit ?? 200, 500));
  return rows.map(({ r, merchantName, payment }) => ({
    ...refundRequestResource(r),
    merchant_id: r.merchantId,
    merchant_name: merchantName,
    mode: r.mode,
    payment: { amount: payment.amount, fee_total: payment.feeTotal, provider_ref: payment.providerRef, customer_phone: payment.customerPhone, settled_at: payment.settledAt?.toISOString() ?? null },
  }));
}

export type QueuedRefund = Awaited<ReturnType<typeof refundQueue>>[number];
