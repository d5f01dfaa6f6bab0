import type { SecureOrderStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { keyLocator } from "./queries";
import { secureOrderResource } from "./serialize";
import { loadOrder, notFound } from "./store";
import { cancelCreatedOrder, refundOrder } from "./transitions";

/**
 * What cancelling does in each state (the contract's states table): CREATED is cancelled,
 * PAID_HELD and DISPUTED are refunded to the buyer; the other states are closed.
 */
export const CANCEL_EFFECT: Partial<Record<SecureOrderStatus, "cancel" | "refund">> = { CREATED: "cancel", PAID_HELD: "refund", DISPUTED: "refund" };

/**
 * POST /v1/secure-orders/{id}/cancel, per the states table: CREATED → CANCELLED; PAID_HELD or
 * DISPUTED → REFUNDED (the buyer is refunded through the operator); any other state →
 * ORDER_NOT_CANCELLABLE. Each step re-checks the state under the order's lock, so a cancel racing
 * a payment or a confirmation acts on what the order has become. Its own transactions: the
 * refund calls the operator and commits as soon as the operator has paid (lib/core/operation.ts).
 */
export const cancelSecureOrder = defineOperation({ transaction: "own" }, async function cancelSecureOrder(ctx: DomainContext, id: string, reason: string | null | undefined) {
  const locator = keyLocator(ctx, id);
  for (let attempt = 0; attempt < 3; attempt++) {
    const loaded = await loadOrder(ctx.db, locator);
    if (!loaded) throw notFound(locator);
    const { order } = loaded;
    const effect = CANCEL_EFFECT[order.status];
    if (effect === "cancel") {
      const result = await cancelCreatedOrder(ctx.db, locator, { reason: reason ?? null });
      if (result?.changed) return secureOrderResource(result.order);
      continue;
    }
    if (effect === "refund") {
      const result = await refundOrder(ctx.db, locator, { from: ["PAID_HELD", "DISPUTED"], reason: reason ?? null });
      if (result?.changed) return secureOrderResource(result.order);
      continue;
    }
    throw new ApiError("ORDER_NOT_CANCELLABLE", `This order is ${order.status}: it is already closed and cannot be cancelled.`);
  }
  throw new ApiError("ORDER_NOT_CANCELLABLE", "This order changed state while it was being cancelled; read it and try again.");
});
