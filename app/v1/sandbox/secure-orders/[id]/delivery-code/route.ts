import { route } from "@/lib/http/route";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { sandboxDeliveryCode } from "@/lib/secure-orders/sandbox";
import { deliveryCodeSchema } from "@/lib/secure-orders/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    guard: requireSecureOrders,
    doc: {
      summary: "Read a test order's delivery code",
      description:
        "Test keys only: `{secure_order_id, reference, code}`, the code the buyer page shows after payment, so an integration test can confirm the delivery. An unpaid order has no code yet: 409 `NOT_PAID`. Live orders' codes are never readable through the API.",
      tags: ["Sandbox", "Secure orders"],
      response: deliveryCodeSchema,
      errors: ["SECURE_ORDERS_DISABLED", "NOT_PAID"],
    },
  },
  (ctx, { params }) => sandboxDeliveryCode(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
