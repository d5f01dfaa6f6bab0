/**
 * Generated from the Cauri OpenAPI document by `npx tsx scripts/openapi-index.ts` (openapi-typescript).
 * Do not edit by hand.
 */

/** "METHOD /path" of every operation that takes `X-Idempotency-Key`. */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /v1/billing/plans",
  "POST /v1/billing/subscriptions",
  "POST /v1/billing/subscriptions/with-payment",
  "POST /v1/invoices",
  "POST /v1/invoices/{id}/finalize",
  "POST /v1/invoices/{id}/send",
  "POST /v1/merchants/partner-products",
  "POST /v1/opr/create",
  "POST /v1/payment-links",
  "POST /v1/payment-links/{id}/send",
  "POST /v1/payments",
  "POST /v1/portal/sessions",
  "POST /v1/refund-requests",
  "POST /v1/reports",
  "POST /v1/secure-orders",
  "POST /v1/webhooks/endpoints",
  "POST /v1/webhooks/endpoints/{id}/resend-failed",
  "POST /v1/webhooks/endpoints/{id}/roll-secret",
  "POST /v1/webhooks/events/{event_id}/resend",
  "POST /v1/webhooks/test",
  "POST /v1/withdrawals"
]);
