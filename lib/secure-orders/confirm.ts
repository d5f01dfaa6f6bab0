import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { secureOrders, type SecureOrder } from "@/db/schema";
import { ApiError, isApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { log } from "@/lib/log";
import { deliveryCodeMatches } from "./code";
import { lockOrder, notFound, type OrderLocator } from "./store";
import { DEADLINE_REASON, refundOrder, releaseLocked } from "./transitions";

type Outcome = { kind: "released"; order: SecureOrder } | { kind: "wrong"; remaining: number; id: string } | { kind: "expired" } | { kind: "refused"; error: ApiError };

const CLOSED_STATES = new Set(["CANCELLED", "REFUNDED"]);

const wrongCodeMessage = (remaining: number) =>
  remaining > 0
    ? `Wrong delivery code: ${remaining} attempt${remaining === 1 ? "" : "s"} remaining.`
    : "Wrong delivery code: 0 attempts remaining. The code is now locked; further confirmations answer CODE_LOCKED.";

/**
 * Confirms a delivery with the buyer's code: the one function behind
 * POST /v1/secure-orders/{id}/confirm-delivery and the courier page.
 *
 * Under the order's row lock: an unpaid order is NOT_PAID, a cancelled or refunded one
 * ORDER_CLOSED, a released one ORDER_ALREADY_RELEASED, a disputed one ORDER_DISPUTED. A held order
 * past its delivery deadline is refunded (that transaction commits on its own) and the answer
 * is DELIVERY_EXPIRED. A locked code is CODE_LOCKED, whatever code is sent. The code is compared
 * in constant time; the right one releases the escrow; a wrong one spends one attempt with a
 * single conditional UPDATE (… - 1 WHERE attempts > 0 AND NOT locked), which commits before the
 * INVALID_CODE answer, and the fifth locks the code. Nothing here logs the code. Hence its own
 * transactions (lib/core/operation.ts), also around the operator call of the refund.
 */
export const confirmDelivery = defineOperation({ transaction: "own" }, async function confirmDelivery(db: Database, locator: OrderLocator, code: string): Promise<SecureOrder> {
  const outcome = await db.transaction(async (txRaw): Promise<Outcome> => {
    const tx = txRaw as unknown as Database;
    const locked = await lockOrder(tx, locator);
    if (!locked) throw notFound(locator);
    const { order, now } = locked;
    if (order.status === "CREATED") return { kind: "refused", error: new ApiError("NOT_PAID") };
    if (CLOSED_STATES.has(order.status)) return { kind: "refused", error: new ApiError("ORDER_CLOSED", `This order is ${order.status}; nothing can be confirmed.`) };
    if (order.status === "RELEASED") return { kind: "refused", error: new ApiError("ORDER_ALREADY_RELEASED") };
    if (order.status === "DISPUTED") return { kind: "refused", error: new ApiError("ORDER_DISPUTED") };
    if (order.deliveryDeadline && order.deliveryDeadline <= now) return { kind: "expired" };
    if (order.codeLocked || order.codeAttemptsRemaining <= 0) return { kind: "refused", error: new ApiError("CODE_LOCKED") };

    if (deliveryCodeMatches(order.id, code, order.codeHash)) return { kind: "released", order: await releaseLocked(tx, order, now) };

    const [spent] = await tx
      .update(secureOrders)
      .set({
        codeAttemptsRemaining: sql`${secureOrders.codeAttemptsRemaining} - 1`,
        codeLocked: sql`${secureOrders.codeAttemptsRemaining} - 1 <= 0`,
        updatedAt: now,
      })
      .where(and(eq(secureOrders.id, order.id), gt(secureOrders.codeAttemptsRemaining, 0), eq(secureOrders.codeLocked, false)))
      .returning({ remaining: secureOrders.codeAttemptsRemaining });
    if (!spent) return { kind: "refused", error: new ApiError("CODE_LOCKED") };
    return { kind: "wrong", remaining: spent.remaining, id: order.id };
  });

  switch (outcome.kind) {
    case "released":
      log("info", "secure order released", { secure_order_id: outcome.order.id, reference: outcome.order.reference });
      return outcome.order;
    case "wrong":
      log("info", "secure order wrong delivery code", { secure_order_id: outcome.id, attempts_remaining: outcome.remaining });
      throw new ApiError("INVALID_CODE", wrongCodeMessage(outcome.remaining), { param: "code" });
    case "refused":
      throw outcome.error;
    case "expired": {
      let message: string | undefined;
      try {
        await refundOrder(db, locator, { from: ["PAID_HELD"], requireDeadlinePassed: true, reason: DEADLINE_REASON });
      } catch (error) {
        if (!(isApiError(error) && error.code === "REFUND_FAILED")) throw error;
        message = "The delivery deadline has passed: the order can no longer be confirmed. The refund to the buyer is being retried.";
      }
      throw new ApiError("DELIVERY_EXPIRED", message);
    }
  }
});
