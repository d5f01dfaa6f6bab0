import { route } from "@/lib/http/route";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { simulateSecureOrderPayment } from "@/lib/secure-orders/sandbox";
import { secureOrderSchema, SimulatePaymentInput } from "@/lib/secure-orders/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    guard: requireSecureOrders,
    body: SimulatePaymentInput,
    operation: simulateSecureOrderPayment,
    doc: {
      summary: "Simulate the buyer's payment of a secure order",
      description:
        "Test keys only. `{outcome: \"SUCCESS\" | \"FAILED\"}`. Pays the order as the buyer page would (the order's payment attempt is created or resumed and pushed to the simulator), then the simulator answers with `outcome`: SUCCESS makes the order PAID_HELD (`secure_order.paid`, funds in escrow, delivery code drawn); FAILED leaves it CREATED with `payment_status` FAILED, and the buyer may pay again. The simulator's magic numbers decide at initiation, as the operator would. Answers the order; an order that is not CREATED (or past `pay_before`) is 409 `ORDER_NOT_PAYABLE`.",
      tags: ["Sandbox", "Secure orders"],
      response: secureOrderSchema,
      errors: ["SECURE_ORDERS_DISABLED", "INVALID_SIMULATION_OUTCOME", "ORDER_NOT_PAYABLE"],
    },
  },
  (ctx, { params, body }) => simulateSecureOrderPayment(ctx, params.id, body.outcome),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
