import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { simulateSecureOrderDispute } from "@/lib/secure-orders/sandbox";
import { secureOrderSchema, SimulateDisputeInput } from "@/lib/secure-orders/schemas";

export const POST = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    guard: requireSecureOrders,
    body: SimulateDisputeInput,
    operation: simulateSecureOrderDispute,
    doc: {
      summary: "Simulate the buyer's dispute of a secure order",
      description:
        "Test keys only. `{reason?}` (3 to 500 characters; a default is used without one). Opens a dispute as the buyer page would: a PAID_HELD order becomes DISPUTED (`secure_order.disputed`), the delivery code no longer releases it and the deadline no longer refunds it; Cauri's staff decide in the ops console. Any other status is 409 `ORDER_NOT_DISPUTABLE`; past the delivery deadline the order is refunded instead and the answer is 410 `DELIVERY_EXPIRED`. Answers the order.",
      tags: ["Sandbox", "Secure orders"],
      response: secureOrderSchema,
      errors: ["SECURE_ORDERS_DISABLED", "INVALID_DISPUTE_REASON", "ORDER_NOT_DISPUTABLE", "DELIVERY_EXPIRED"],
    },
  },
  (ctx, { params, body }) => simulateSecureOrderDispute(ctx, params.id, body.reason),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
