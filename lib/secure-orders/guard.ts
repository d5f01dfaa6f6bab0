import type { Merchant } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";

/** route() guard of every secure-order route: the pilot is enabled per merchant, else 404 SECURE_ORDERS_DISABLED. */
export function requireSecureOrders(ctx: { merchant: Pick<Merchant, "secureOrdersEnabled"> }): void {
  if (!ctx.merchant.secureOrdersEnabled) throw new ApiError("SECURE_ORDERS_DISABLED");
}
