import type { Database } from "@/db/client";
import type { SecureOrder, SecureOrderStatus } from "@/db/schema";
import { ApiError, isApiError } from "@/lib/core/errors";
import { postJournal } from "@/lib/ledger/post";
import { log } from "@/lib/log";
import { operatorAdapter } from "@/lib/operator/registry";
import { expireIfDue } from "@/lib/payments/expire";
import { settlePayment } from "@/lib/payments/settle";
import { currentPayment, emitOrderEvent, loadOrder, lockOrder, updateOrder, type LoadedOrder, type OrderLocator } from "./store";

/**
 * Releases the escrow of a locked PAID_HELD (or DISPUTED) order to the merchant, minus the fee:
 * escrow_held → merchant_available (gross) → platform_fees (fee), one balanced journal that can
 * be posted only once per order.
 */
export async function releaseLocked(tx: Database, order: SecureOrder, at: Date, extra: Partial<SecureOrder> = {}): Promise<SecureOrder> {
  await postJournal(tx, {
    merchantId: order.merchantId,
    mode: order.mode,
    kind: "secure_order.released",
    refType: "secure_order",
    refId: order.id,
    entries: [
      { account: "escrow_held", amount: -order.amount },
      { account: "merchant_available", amount: order.amount },
      { account: "merchant_available", amount: -order.feeTotal },
      { account: "platform_fees", amount: order.feeTotal },
    ],
    at,
  });
  const released = await updateOrder(tx, order.id, {
    ...extra,
    status: "RELEASED",
    amountMerchantNet: order.amount - order.feeTotal,
    releasedAt: at,
    updatedAt: at,
  });
  await emitOrderEvent(tx, released, "secure_order.released", at);
  return released;
}

export type RefundOptions = {
  /** States the refund may start from (PAID_HELD for the deadline, PAID_HELD or DISPUTED for a cancel). */
  from: SecureOrderStatus[];
  /** Only when the delivery deadline has passed on the merchant's clock (the job, confirm, reads). */
  requireDeadlinePassed?: boolean;
  skipLocked?: boolean;
  reason?: string | null;
  /** Further columns to set with the refund, given the merchant-clock time of the change. */
  extra?: (now: Date) => Partial<SecureOrder>;
  /** Runs in the refund's transaction after the change (the staff audit row). */
  after?: (tx: Database, before: SecureOrder, after: SecureOrder) => Promise<void>;
};

export type RefundResult = { order: SecureOrder; changed: boolean } | null;

/**
 * Refunds the buyer of a held order through the operator adapter that collected the payment,
 * then moves the escrow to customer_refunds and emits secure_order.refunded — all while the
 * order row is locked, in one transaction that commits on its own (callers that answer with an
 * error afterwards, like an expired confirm, still keep the refund). The operator reference is
 * the paid payment's id, so an operator that deduplicates refunds never pays twice. A refused
 * refund changes nothing (REFUND_FAILED) and is retried by the next attempt or job run.
 * Returns null when skipLocked found the row busy (another instance has it).
 */
export async function refundOrder(db: Database, locator: OrderLocator, options: RefundOptions): Promise<RefundResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const locked = await lockOrder(tx, locator, { skipLocked: options.skipLocked });
    if (!locked) return null;
    const { order, now } = locked;
    if (!options.from.includes(order.status)) return { order, changed: false };
    if (options.requireDeadlinePassed && !(order.deliveryDeadline && order.deliveryDeadline <= now)) return { order, changed: false };
    const payment = await currentPayment(tx, order);
    if (!payment || payment.status !== "SUCCESS") throw new Error(`secure order ${order.id} is ${order.status} without a successful payment`);

    let outcome;
    try {
      outcome = await operatorAdapter(payment.adapter).refund({ reference: payment.id, amount: order.amount, customerPhone: payment.customerPhone, mode: order.mode });
    } catch (error) {
      log("warn", "secure order refund failed", { secure_order_id: order.id, adapter: payment.adapter, error: error instanceof Error ? error.message : String(error) });
      throw new ApiError("REFUND_FAILED", "The operator could not be reached for the refund. Nothing changed: the funds stay held; retry later.");
    }
    if (outcome.status !== "SUCCESS") {
      log("warn", "secure order refund refused", { secure_order_id: order.id, adapter: payment.adapter, reason: outcome.reason ?? null });
      throw new ApiError("REFUND_FAILED", `The operator refused the refund${outcome.reason ? `: ${outcome.reason}` : ""}. Nothing changed: the funds stay held.`);
    }

    await postJournal(tx, {
      merchantId: order.merchantId,
      mode: order.mode,
      kind: "secure_order.refunded",
      refType: "secure_order",
      refId: order.id,
      entries: [
        { account: "escrow_held", amount: -order.amount },
        { account: "customer_refunds", amount: order.amount },
      ],
      at: now,
    });
    const refunded = await updateOrder(tx, order.id, {
      ...options.extra?.(now),
      status: "REFUNDED",
      refundedAt: now,
      refundProviderRef: outcome.providerRef,
      cancelReason: options.reason ?? order.cancelReason,
      updatedAt: now,
    });
    await emitOrderEvent(tx, refunded, "secure_order.refunded", now);
    await options.after?.(tx, order, refunded);
    return { order: refunded, changed: true };
  });
}

export type CancelOptions = {
  reason?: string | null;
  /** The pay_before sweep: only once pay_before has passed, and never under a payment still in flight. */
  due?: boolean;
  skipLocked?: boolean;
};

/**
 * CREATED → CANCELLED with secure_order.cancelled. The order's PENDING payment is settled
 * first, in its own transaction (locks are always taken payment, then order, as settlement
 * does): a merchant's cancel cancels it; the sweep waits until that payment has expired, so a
 * buyer approving on their phone at the last minute is never cut off mid-payment.
 * Returns the order unchanged when it is no longer CREATED.
 */
export async function cancelCreatedOrder(db: Database, locator: OrderLocator, options: CancelOptions = {}): Promise<{ order: SecureOrder; changed: boolean } | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const loaded = await loadOrder(db, locator);
    if (!loaded) return null;
    if (loaded.order.status !== "CREATED") return { order: loaded.order, changed: false };
    if (options.due && loaded.order.payBefore > loaded.now) return { order: loaded.order, changed: false };
    const payment = await currentPayment(db, loaded.order);
    if (payment?.status === "PENDING") {
      if (options.due) {
        if ((await expireIfDue(db, payment, loaded.now)).status === "PENDING") return { order: loaded.order, changed: false };
      } else {
        try {
          await settlePayment(db, payment.id, { status: "CANCELLED", reason: "The secure order was cancelled by the merchant." });
        } catch (error) {
          if (!(isApiError(error) && error.code === "PAYMENT_FINALIZED")) throw error;
        }
      }
    }
    const result = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const locked = await lockOrder(tx, locator, { skipLocked: options.skipLocked });
      if (!locked) return null;
      const { order, now } = locked;
      if (order.status !== "CREATED") return { order, changed: false };
      if (options.due && order.payBefore > now) return { order, changed: false };
      // A new payment attempt started since we looked: settle it first (next round).
      if ((await currentPayment(tx, order))?.status === "PENDING") return "retry" as const;
      const cancelled = await updateOrder(tx, order.id, { status: "CANCELLED", cancelledAt: now, cancelReason: options.reason ?? null, updatedAt: now });
      await emitOrderEvent(tx, cancelled, "secure_order.cancelled", now);
      return { order: cancelled, changed: true };
    });
    if (result !== "retry") return result;
  }
  const loaded = await loadOrder(db, locator);
  return loaded ? { order: loaded.order, changed: false } : null;
}

/**
 * Applies the time rules to one order before it is shown (like payments expire on read): an
 * unpaid order past pay_before is cancelled, a held one past its delivery deadline refunded.
 * A refund the operator refuses is left to the next try; the order is shown as it stands.
 */
export async function applyDueTransitions(db: Database, loaded: LoadedOrder): Promise<LoadedOrder> {
  const { order, now } = loaded;
  const locator: OrderLocator = { by: "any", id: order.id };
  try {
    if (order.status === "CREATED" && order.payBefore <= now) await cancelCreatedOrder(db, locator, { due: true, reason: PAY_BEFORE_REASON });
    else if (order.status === "PAID_HELD" && order.deliveryDeadline && order.deliveryDeadline <= now) await refundOrder(db, locator, { from: ["PAID_HELD"], requireDeadlinePassed: true, reason: DEADLINE_REASON });
    else return loaded;
  } catch (error) {
    if (!(isApiError(error) && error.code === "REFUND_FAILED")) throw error;
  }
  return (await loadOrder(db, locator)) ?? loaded;
}

export const PAY_BEFORE_REASON = "Not paid before pay_before.";
export const DEADLINE_REASON = "Delivery not confirmed before the delivery deadline.";
