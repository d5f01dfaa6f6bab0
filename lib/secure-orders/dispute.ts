import { desc, eq, inArray, isNotNull, and } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, secureOrders, type DisputeResolution, type SecureOrder } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { log, maskPhone } from "@/lib/log";
import { notifyDisputeOpened } from "@/lib/notifications/merchant";
import { SECURE_ORDER_LIMITS } from "./config";
import { emitOrderEvent, lockOrder, notFound, updateOrder, type OrderLocator } from "./store";
import { DEADLINE_REASON, refundOrder, releaseLocked } from "./transitions";

/**
 * The buyer opens a dispute from the buyer page while the payment is held (PAID_HELD): the order
 * becomes DISPUTED (secure_order.disputed), the courier can no longer release it and the
 * deadline no longer refunds it; the service's staff decide. Past the delivery deadline the
 * order is refunded instead (DELIVERY_EXPIRED), as a confirmation would.
 */
export async function openDispute(db: Database, locator: OrderLocator, reason: string): Promise<SecureOrder> {
  const text = reason.trim();
  if (text.length < SECURE_ORDER_LIMITS.disputeReasonMin || text.length > SECURE_ORDER_LIMITS.disputeReasonMax) {
    throw new ApiError("INVALID_DISPUTE_REASON", undefined, { param: "reason" });
  }
  const outcome = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const locked = await lockOrder(tx, locator);
    if (!locked) throw notFound(locator);
    const { order, now } = locked;
    if (order.status !== "PAID_HELD") throw new ApiError("ORDER_NOT_DISPUTABLE", `This order is ${order.status}: a dispute can only be opened while the payment is held.`);
    if (order.deliveryDeadline && order.deliveryDeadline <= now) return "expired" as const;
    const disputed = await updateOrder(tx, order.id, { status: "DISPUTED", disputedAt: now, disputeReason: text, updatedAt: now });
    await emitOrderEvent(tx, disputed, "secure_order.disputed", now);
    await notifyDisputeOpened(tx, disputed, locked.merchant);
    return disputed;
  });
  if (outcome === "expired") {
    await refundOrder(db, locator, { from: ["PAID_HELD"], requireDeadlinePassed: true, reason: DEADLINE_REASON });
    throw new ApiError("DELIVERY_EXPIRED");
  }
  log("info", "secure order disputed", { secure_order_id: outcome.id, reference: outcome.reference });
  return outcome;
}

export const disputeView = (o: SecureOrder & { merchantName?: string }) => ({
  id: o.id,
  reference: o.reference,
  status: o.status,
  merchant_id: o.merchantId,
  merchant_name: o.merchantName ?? null,
  mode: o.mode,
  amount: o.amount,
  fee_total: o.feeTotal,
  description: o.description,
  customer_phone: maskPhone(o.customerPhone),
  dispute_reason: o.disputeReason,
  disputed_at: o.disputedAt?.toISOString() ?? null,
  delivery_deadline: o.deliveryDeadline?.toISOString() ?? null,
  resolution: o.disputeResolution,
  resolved_at: o.disputeResolvedAt?.toISOString() ?? null,
  resolved_by: o.disputeResolvedBy,
});
export type DisputeView = ReturnType<typeof disputeView>;

/**
 * Staff decide a dispute (ops CLI `dispute resolve`, the ops console): release pays the merchant
 * (minus the fee, secure_order.released), refund pays the buyer back through the operator
 * (secure_order.refunded). One transaction with the order locked writes the change, the event
 * and the audit row; an order that is not DISPUTED is DISPUTE_NOT_OPEN. Its own transactions: a
 * refund calls the operator (lib/core/operation.ts).
 */
export const resolveDispute = defineOperation({ transaction: "own" }, async function resolveDispute(db: Database, orderId: string, decision: DisputeResolution, actor: Actor): Promise<DisputeView> {
  const locator: OrderLocator = { by: "any", id: orderId };
  const resolved = { disputeResolution: decision, disputeResolvedBy: actor.staffId } as const;
  const audit = (tx: Database, before: SecureOrder, after: SecureOrder) =>
    recordAudit(tx, { actor, merchantId: after.merchantId, action: `secure_order.dispute_${decision}`, targetType: "secure_order", targetId: orderId, before: disputeView(before), after: disputeView(after) }).then(() => undefined);

  if (decision === "refund") {
    const result = await refundOrder(db, locator, { from: ["DISPUTED"], extra: (now) => ({ ...resolved, disputeResolvedAt: now }), after: audit });
    if (!result) throw notFound(locator);
    if (!result.changed) throw new ApiError("DISPUTE_NOT_OPEN", `This order is ${result.order.status}, not DISPUTED.`);
    return disputeView({ ...result.order, merchantName: await merchantNameOf(db, result.order.merchantId) });
  }
  const released = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const locked = await lockOrder(tx, locator);
    if (!locked) throw notFound(locator);
    const { order, now } = locked;
    if (order.status !== "DISPUTED") throw new ApiError("DISPUTE_NOT_OPEN", `This order is ${order.status}, not DISPUTED.`);
    const after = await releaseLocked(tx, order, now, { ...resolved, disputeResolvedAt: now });
    await audit(tx, order, after);
    return { ...after, merchantName: locked.merchant.name };
  });
  return disputeView(released);
});

async function merchantNameOf(db: Database, merchantId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name;
}

/** Disputes for staff: the open ones (oldest first), then those already decided (newest first). */
export async function listDisputes(db: Database, options: { includeResolved?: boolean; limit?: number } = {}): Promise<DisputeView[]> {
  const limit = Math.min(options.limit ?? 100, 500);
  const open = await db
    .select({ order: secureOrders, merchantName: merchants.name })
    .from(secureOrders)
    .innerJoin(merchants, eq(merchants.id, secureOrders.merchantId))
    .where(eq(secureOrders.status, "DISPUTED"))
    .orderBy(secureOrders.disputedAt)
    .limit(limit);
  const views = open.map((r) => disputeView({ ...r.order, merchantName: r.merchantName }));
  if (options.includeResolved) {
    const done = await db
      .select({ order: secureOrders, merchantName: merchants.name })
      .from(secureOrders)
      .innerJoin(merchants, eq(merchants.id, secureOrders.merchantId))
      .where(and(isNotNull(secureOrders.disputeResolution), inArray(secureOrders.status, ["RELEASED", "REFUNDED"])))
      .orderBy(desc(secureOrders.disputeResolvedAt))
      .limit(limit);
    views.push(...done.map((r) => disputeView({ ...r.order, merchantName: r.merchantName })));
  }
  return views;
}
