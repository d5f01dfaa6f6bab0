import { accountRoute } from "@/lib/http/account-route";
import { cancelSecureOrder } from "@/lib/secure-orders/cancel";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { CancelSecureOrderInput } from "@/lib/secure-orders/schemas";

// POST /v1/secure-orders/{id}/cancel, with the same transaction policy (the operation's own).
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: CancelSecureOrderInput, operation: cancelSecureOrder }, async (ctx, { params, body }) => {
  requireSecureOrders(ctx);
  return cancelSecureOrder(ctx, params.id, body.reason);
});
