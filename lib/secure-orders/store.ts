import { and, eq, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, secureOrders, type Merchant, type Mode, type Payment, type SecureOrder } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import { emitEvent } from "@/lib/events/emit";
import { ApiError } from "@/lib/core/errors";
import type { EventType } from "@/lib/webhooks/event-types";
import { secureOrderResource } from "./serialize";

/**
 * How a caller names an order. A key sees only its merchant's orders in its mode (anything else
 * is NOT_FOUND); the buyer and courier pages hold a token; staff and jobs use the bare id.
 */
export type OrderLocator =
  | { by: "id"; id: string; merchantId: string; mode: Mode }
  | { by: "buyer"; token: string }
  | { by: "courier"; token: string }
  | { by: "any"; id: string };

export function whereOrder(locator: OrderLocator): SQL {
  switch (locator.by) {
    case "id":
      return and(eq(secureOrders.id, locator.id), eq(secureOrders.merchantId, locator.merchantId), eq(secureOrders.mode, locator.mode))!;
    case "buyer":
      return eq(secureOrders.buyerToken, locator.token);
    case "courier":
      return eq(secureOrders.courierToken, locator.token);
    case "any":
      return eq(secureOrders.id, locator.id);
  }
}

export const notFound = (locator: OrderLocator) =>
  new ApiError("NOT_FOUND", locator.by === "id" ? `No secure order ${locator.id} for this key's merchant and mode.` : "No such secure order.");

export type LoadedOrder = { order: SecureOrder; merchant: Merchant; now: Date };

/** Reads an order with its merchant and the merchant's clock for the order's mode; no lock. */
export async function loadOrder(db: Database, locator: OrderLocator): Promise<LoadedOrder | null> {
  const [row] = await db.select({ order: secureOrders, merchant: merchants }).from(secureOrders).innerJoin(merchants, eq(merchants.id, secureOrders.merchantId)).where(whereOrder(locator)).limit(1);
  if (!row) return null;
  return { ...row, now: merchantNow(row.merchant, row.order.mode) };
}

/**
 * Locks the order row (SELECT … FOR UPDATE) for the rest of the transaction. Every change of an
 * order goes through this lock, so confirmations, cancels, the deadline job and disputes are
 * serialized per order. With skipLocked, a row another transaction holds is skipped (null):
 * that is how several job instances share the work without doing it twice.
 */
export async function lockOrder(tx: Database, locator: OrderLocator, options: { skipLocked?: boolean } = {}): Promise<LoadedOrder | null> {
  const [row] = await tx
    .select({ order: secureOrders, merchant: merchants })
    .from(secureOrders)
    .innerJoin(merchants, eq(merchants.id, secureOrders.merchantId))
    .where(whereOrder(locator))
    .for("update", options.skipLocked ? { of: secureOrders, skipLocked: true } : { of: secureOrders });
  if (!row) return null;
  return { ...row, now: merchantNow(row.merchant, row.order.mode) };
}

export async function currentPayment(db: Database, order: SecureOrder): Promise<Payment | null> {
  if (!order.paymentIntentId) return null;
  const [row] = await db.select().from(payments).where(eq(payments.id, order.paymentIntentId)).limit(1);
  return row ?? null;
}

export async function updateOrder(tx: Database, id: string, patch: Partial<typeof secureOrders.$inferInsert>): Promise<SecureOrder> {
  const [row] = await tx.update(secureOrders).set(patch).where(eq(secureOrders.id, id)).returning();
  return row;
}

export type SecureOrderEvent = Extract<EventType, `secure_order.${string}`>;

/** The event, in the transaction of the change it announces (transactional outbox). */
export async function emitOrderEvent(tx: Database, order: SecureOrder, type: SecureOrderEvent, at: Date): Promise<void> {
  await emitEvent(tx, { merchantId: order.merchantId, applicationId: order.applicationId, mode: order.mode, type, object: secureOrderResource(order), at });
}
