import { route } from "@/lib/http/route";
import { confirmDelivery } from "@/lib/secure-orders/confirm";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { keyLocator } from "@/lib/secure-orders/queries";
import { ConfirmDeliveryInput, secureOrderSchema } from "@/lib/secure-orders/schemas";
import { secureOrderResource } from "@/lib/secure-orders/serialize";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "secure_orders",
    guard: requireSecureOrders,
    body: ConfirmDeliveryInput,
    operation: confirmDelivery,
    doc: {
      summary: "Confirm a delivery with the buyer's code",
      description: [
        "`code`: the 6-digit delivery code (a string) the buyer reads out. The same function serves the courier page (`delivery_url`).",
        "PAID_HELD + right code → RELEASED: the escrow goes to the merchant's available balance minus `fee_total` (`secure_order.released`).",
        "Wrong code → 400 `INVALID_CODE`, the message says how many attempts remain; the 5th wrong code locks the code (`code_locked` true) and every later call answers 429 `CODE_LOCKED`, even with the right code. Attempts are counted atomically.",
        "CREATED → 409 `NOT_PAID`; CANCELLED or REFUNDED → 409 `ORDER_CLOSED`; RELEASED → 409 `ORDER_ALREADY_RELEASED`; DISPUTED → 409 `ORDER_DISPUTED`; past `delivery_deadline` → the buyer is refunded and the answer is 410 `DELIVERY_EXPIRED`.",
        "A code that is not 6 digits is 400 `INVALID_CODE_FORMAT` and uses no attempt.",
      ].join("\n\n"),
      tags: ["Secure orders"],
      response: secureOrderSchema,
      errors: ["SECURE_ORDERS_DISABLED", "MISSING_CODE", "INVALID_CODE_FORMAT", "INVALID_CODE", "CODE_LOCKED", "NOT_PAID", "ORDER_CLOSED", "ORDER_ALREADY_RELEASED", "ORDER_DISPUTED", "DELIVERY_EXPIRED"],
    },
  },
  async (ctx, { params, body }) => secureOrderResource(await confirmDelivery(ctx.db, keyLocator(ctx, params.id), body.code)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
