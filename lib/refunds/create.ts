import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { payments, refundRequests, type RefundRequest } from "@/db/schema";
import { contextActor, recordAudit } from "@/lib/audit/record";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { formatXof } from "@/lib/format/money";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { lockMerchantBalance, merchantBalance } from "@/lib/withdrawals/balance";
import { ACTIVE_REFUND_STATUSES, type CreateRefundRequestBody } from "./schemas";
import { refundAuditView } from "./serialize";

/**
 * POST /v1/refund-requests (and the dashboard's form). Under the payment's row lock, so two
 * requests for one payment can never together pass its amount: the payment must be SUCCESS and
 * the amount within its remainder. Then, under the merchant's balance lock (the one withdrawals
 * take), the amount moves from merchant_available to merchant_reserved with the row and its audit
 * entry, so a refund and a withdrawal can never both spend the same francs. Lock order is always
 * payment row, then balance: nothing takes them the other way round.
 */
export async function requestRefund(ctx: DomainContext, body: CreateRefundRequestBody): Promise<RefundRequest> {
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, body.payment_id), eq(payments.merchantId, ctx.merchant.id), eq(payments.mode, ctx.mode)))
      .for("update");
    if (!payment) throw new ApiError("NOT_FOUND", `No payment ${body.payment_id} for this key's merchant and mode.`, { param: "payment_id" });
    if (payment.status !== "SUCCESS") {
      throw new ApiError("PAYMENT_NOT_REFUNDABLE", `This payment is ${payment.status}; only a SUCCESS payment can be refunded.`, { param: "payment_id" });
    }
    const [{ held }] = await tx
      .select({ held: sql<string>`coalesce(sum(${refundRequests.amount}), 0)` })
      .from(refundRequests)
      .where(and(eq(refundRequests.paymentId, payment.id), inArray(refundRequests.status, [...ACTIVE_REFUND_STATUSES])));
    const remainder = payment.amount - Number(held);
    if (body.amount > remainder) {
      throw new ApiError("REFUND_EXCEEDS_PAYMENT", `At most ${formatXof(Math.max(0, remainder))} of this payment can still be refunded; ${formatXof(body.amount)} was asked.`, { param: "amount" });
    }

    await lockMerchantBalance(tx, ctx.merchant.id, ctx.mode);
    const balance = await merchantBalance(tx, ctx.merchant.id, ctx.mode);
    if (balance.available < body.amount) {
      throw new ApiError("INSUFFICIENT_BALANCE", `The available balance is ${formatXof(balance.available)}; it does not cover a refund of ${formatXof(body.amount)}, which is reserved from the request on.`, { param: "amount" });
    }

    const [row] = await tx
      .insert(refundRequests)
      .values({
        id: newId("rfr"),
        merchantId: ctx.merchant.id,
        applicationId: ctx.application.id,
        mode: ctx.mode,
        paymentId: payment.id,
        amount: body.amount,
        status: "REQUESTED",
        reason: body.reason,
        note: body.note?.trim() || null,
        customerPhone: body.customer_phone ?? payment.customerPhone,
        requestedBy: contextActor(ctx).staffId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await postJournal(tx, {
      merchantId: row.merchantId,
      mode: row.mode,
      kind: "refund.reserved",
      refType: "refund_request",
      refId: row.id,
      entries: [
        { account: "merchant_available", amount: -row.amount },
        { account: "merchant_reserved", amount: row.amount },
      ],
      at: ctx.now,
    });
    await recordAudit(tx, { actor: contextActor(ctx), action: "refund_request.create", targetType: "refund_request", targetId: row.id, before: null, after: refundAuditView(row), merchantId: row.merchantId });
    return row;
  });
}
