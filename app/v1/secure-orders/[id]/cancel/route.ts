import { route } from "@/lib/http/route";
import { cancelSecureOrder } from "@/lib/secure-orders/cancel";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { CancelSecureOrderInput, secureOrderSchema } from "@/lib/secure-orders/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "secure_orders",
    guard: requireSecureOrders,
    body: CancelSecureOrderInput,
    operation: cancelSecureOrder,
    doc: {
      summary: "Cancel a secure order",
      description:
        "`reason` (optional, at most 300 characters). CREATED → CANCELLED (`secure_order.cancelled`; a payment in progress is cancelled too). PAID_HELD or DISPUTED → REFUNDED: the buyer is refunded through the operator (`secure_order.refunded`). Any other state (RELEASED, REFUNDED, CANCELLED) → 409 `ORDER_NOT_CANCELLABLE`. If the operator refuses the refund, nothing changes (502 `REFUND_FAILED`).",
      tags: ["Secure orders"],
      response: secureOrderSchema,
      errors: ["SECURE_ORDERS_DISABLED", "INVALID_CANCEL_REASON", "ORDER_NOT_CANCELLABLE", "REFUND_FAILED"],
    },
  },
  (ctx, { params, body }) => cancelSecureOrder(ctx, params.id, body.reason),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
