import { accountRoute } from "@/lib/http/account-route";
import { secureOrderDetail } from "@/lib/secure-orders/dashboard";
import { requireSecureOrders } from "@/lib/secure-orders/guard";

// GET /v1/secure-orders/{id} plus the order's timeline, for the detail page.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, async (ctx, { params }) => {
  requireSecureOrders(ctx);
  return secureOrderDetail(ctx, params.id);
});
