import { route } from "@/lib/http/route";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { getSecureOrder } from "@/lib/secure-orders/queries";
import { secureOrderSchema } from "@/lib/secure-orders/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "secure_orders",
    guard: requireSecureOrders,
    doc: {
      summary: "Retrieve a secure order",
      description:
        "The secure order object. Another merchant's or the other mode's order is 404 `NOT_FOUND`. Time rules apply on read: an unpaid order past `pay_before` is CANCELLED and a held one past `delivery_deadline` REFUNDED before it is shown. The delivery code is never returned here.",
      tags: ["Secure orders"],
      response: secureOrderSchema,
      errors: ["SECURE_ORDERS_DISABLED"],
    },
  },
  (ctx, { params }) => getSecureOrder(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
