import { route } from "@/lib/http/route";
import { createSecureOrder } from "@/lib/secure-orders/create";
import { requireSecureOrders } from "@/lib/secure-orders/guard";
import { listSecureOrders } from "@/lib/secure-orders/queries";
import { CreateSecureOrderInput, ListSecureOrdersQuery, secureOrderListSchema, secureOrderSchema } from "@/lib/secure-orders/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "secure_orders",
    guard: requireSecureOrders,
    limit: "secure_orders.create",
    idempotency: "optional",
    idempotencyFields: ["amount", "customer_phone", "description"],
    body: CreateSecureOrderInput,
    status: 201,
    doc: {
      summary: "Create a secure order",
      description: [
        "Pilot, enabled per merchant (otherwise every secure-order route answers 404 `SECURE_ORDERS_DISABLED`). 20 creations per minute per key.",
        "Send `buyer_url` to the buyer (they pay there, then see the 6-digit delivery code) and `delivery_url` to the courier (they type the code at the door, which releases the funds).",
        "`X-Idempotency-Key` is recommended: a replay returns the same order; the same key with a different `amount`, `customer_phone` or `description` is 409 `IDEMPOTENCY_CONFLICT`.",
        "`pay_before` = creation + 24 hours (unpaid orders are then CANCELLED); `delivery_deadline` = payment time + `delivery_deadline_hours` (then the buyer is refunded automatically).",
        "`fee_total` follows the payment fee schedule (2 %, at least 25 FCFA) and is taken from the escrow at release: the buyer pays `amount_charged` = `amount`, the merchant receives `amount_merchant_net` = `amount` − `fee_total`.",
        "`customer_phone` accepts 8 to 15 digits with an optional leading `+` (or `00`); 8 digits alone are a Mali number (`76 55 44 33` → `+22376554433`); spaces, dots and dashes are ignored. It is stored and returned in E.164.",
        "With a live key the plan's monthly live volume cap applies to the order's amount (403 `PLAN_MONTHLY_VOLUME_EXCEEDED`), at creation and again when the buyer pays.",
      ].join("\n\n"),
      tags: ["Secure orders"],
      response: secureOrderSchema,
      errors: ["SECURE_ORDERS_DISABLED", "PLAN_MONTHLY_VOLUME_EXCEEDED", "INVALID_AMOUNT", "MISSING_PHONE", "INVALID_PHONE", "MISSING_DESCRIPTION", "INVALID_DESCRIPTION", "INVALID_CUSTOMER_NAME", "INVALID_DELIVERY_DEADLINE_HOURS", "INVALID_CLIENT_REFERENCE", "INVALID_CURRENCY", "INVALID_PAYMENT_METHOD", "INVALID_PROVIDER"],
    },
  },
  (ctx, { body }) => createSecureOrder(ctx, body),
);

export const GET = route(
  {
    auth: "key", resource: "secure_orders",
    guard: requireSecureOrders,
    query: ListSecureOrdersQuery,
    doc: {
      summary: "List secure orders",
      description:
        "Newest first. `status` filters; `search` matches (case-insensitive substring) the reference, description, client_reference or customer_phone; `page` (default 1) and `limit` (default 20, at most 100). `data` = `{secure_orders: [secure order], pagination: {page, limit, total, pages}}`, the shape of the payments list.",
      tags: ["Secure orders"],
      response: secureOrderListSchema,
      errors: ["SECURE_ORDERS_DISABLED", "INVALID_SECURE_ORDER_STATUS", "INVALID_SEARCH", "INVALID_PAGINATION"],
    },
  },
  (ctx, { query }) => listSecureOrders(ctx, query),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
