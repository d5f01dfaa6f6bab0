import { route } from "@/lib/http/route";
import { createPayment } from "@/lib/payments/create";
import { listPayments } from "@/lib/payments/list";
import { CreatePaymentInput, createdPaymentSchema, ListPaymentsInput, paymentListSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "payments",
    limit: "payments.create",
    idempotency: "required",
    conflictCode: "DUPLICATE_PAYMENT",
    sealed: true,
    body: CreatePaymentInput,
    status: 201,
    doc: {
      summary: "Create a payment",
      tags: ["Payments"],
      response: createdPaymentSchema,
      description:
        "`X-Idempotency-Key` (≤ 128 characters) is required: the same key with the same body replays the payment, with another body 409 DUPLICATE_PAYMENT. 10 per minute per key. `expires_at` = creation + PAYMENT_LIFETIME_MINUTES (default 15). `fee_total` = ceil(2 % of amount), at least 25 FCFA (configurable). Also accepts `provider` and a nested `customer: {phone, name, email}`. Partner-program merchants must send `items` (validated products, amount = Σ price × quantity); other merchants may not. Live payments count against the plan's monthly cap.",
      errors: [
        "TEST_FLAG_IN_LIVE_MODE",
        "PLAN_MONTHLY_VOLUME_EXCEEDED",
        "PARTNER_PROGRAM_NOT_ENABLED",
        "PARTNER_PRODUCT_REQUIRED",
        "PARTNER_ITEMS_INVALID",
        "PARTNER_PRODUCT_NOT_FOUND",
        "PARTNER_PRODUCT_NOT_APPROVED",
        "PARTNER_AMOUNT_MISMATCH",
      ],
    },
  },
  (ctx, { body }) => createPayment(ctx, body),
);

export const GET = route(
  {
    auth: "key", resource: "payments",
    query: ListPaymentsInput,
    doc: {
      summary: "List payments",
      description:
        "The key's merchant and mode only, newest first. `page` ≥ 1 (default 1), `limit` 1–100 (default 20), optional `status`, optional `client_reference` (exact match; every payment with that reference, where `GET /v1/payments/search` answers the most recent one). Filters combine. Payments whose `expires_at` has passed are expired before the list is read, so none shows PENDING after expiry.",
      tags: ["Payments"],
      response: paymentListSchema,
    },
  },
  (ctx, { query }) => listPayments(ctx, query),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
