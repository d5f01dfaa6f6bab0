import { accountRoute } from "@/lib/http/account-route";
import { createSecureOrder } from "@/lib/secure-orders/create";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { listSecureOrders } from "@/lib/secure-orders/queries";
import { CreateSecureOrderInput, ListSecureOrdersQuery } from "@/lib/secure-orders/schemas";

// GET /v1/secure-orders and POST /v1/secure-orders, behind the same per-merchant pilot guard.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: ListSecureOrdersQuery }, async (ctx, { query }) => {
  requireSecureOrders(ctx);
  return listSecureOrders(ctx, query);
});

export const POST = accountRoute({ who: "merchant", permission: "commerce", body: CreateSecureOrderInput, status: 201 }, async (ctx, { body }) => {
  requireSecureOrders(ctx);
  return createSecureOrder(ctx, body);
});
