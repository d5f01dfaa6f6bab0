/** The version every event body carries (`version`): the body's shape, not the API's. */
export const EVENT_VERSION = "v1";

/**
 * The one list of event types the service emits (GET /v1/webhook-event-types). Emitters name
 * their type from here; endpoints may only subscribe to these. There is no payment.cancelled,
 * no payout.* and no refund.* event (contract, Events).
 */
export const eventCatalogue = [
  { type: "payment.success", description: "A payment succeeded: the customer paid and the amount, less fees, is in the merchant's available balance." },
  { type: "payment.failed", description: "A payment failed: the operator refused or the customer declined. No money moved." },
  { type: "payment.expired", description: "A payment expired unpaid: its expires_at passed (expiry delay, POST /v1/payments/{id}/expire, or reconciliation)." },
  {
    type: "payment.late_success",
    description:
      "The operator collected a payment after it had ended (CANCELLED, EXPIRED or FAILED): the customer was charged. The payment keeps its status; data.late_collection (status OPEN) says what was collected, held by the service until its staff credit your balance or refund the customer.",
  },
  { type: "webhook.test", description: "A test event sent by POST /v1/webhooks/test to check an endpoint and its signature verification." },
  { type: "secure_order.paid", description: "The buyer paid a secure order; the funds are held in escrow until the delivery code is confirmed (status PAID_HELD)." },
  { type: "secure_order.released", description: "The delivery code was confirmed; the held funds were released to the merchant's balance (status RELEASED)." },
  { type: "secure_order.refunded", description: "A paid secure order was cancelled, or its delivery deadline passed; the buyer was refunded (status REFUNDED)." },
  { type: "secure_order.disputed", description: "A secure order was disputed; the funds stay held until the dispute is resolved (status DISPUTED)." },
  { type: "secure_order.cancelled", description: "An unpaid secure order was cancelled, or not paid before pay_before (status CANCELLED)." },
  { type: "subscription.created", description: "A subscription was created (status ACTIVE)." },
  {
    type: "subscription.payment_due",
    description:
      "The billing cycle opened a collection for a subscription period (the first one, each renewal, each retry) and pushed it to the customer's phone. data is the subscription plus payment_id and payment_url, that payment's hosted checkout: forward it to the customer, who can pay from a browser until payment_expires_at.",
  },
  { type: "subscription.renewed", description: "A subscription's billing period was paid and its next_billing_date moved forward." },
  { type: "subscription.payment_failed", description: "A subscription's renewal payment failed; it will be retried (retry_count counts the failures)." },
  { type: "subscription.cancelled", description: "A subscription was cancelled; it will not be billed again." },
  { type: "withdrawal.requested", description: "A balance withdrawal was requested (status PENDING; above the merchant's approval threshold, once a second owner or admin approved it); the amount is reserved on the balance from the request on." },
  { type: "withdrawal.approved", description: "The service operator approved a withdrawal; the transfer will be made." },
  { type: "withdrawal.completed", description: "A withdrawal was paid out to the destination number." },
  { type: "withdrawal.rejected", description: "The service operator rejected a withdrawal; the reserved amount is back in the available balance." },
  { type: "withdrawal.cancelled", description: "The merchant cancelled a PENDING or AWAITING_APPROVAL withdrawal, or a second team member refused one awaiting approval; the reserved amount is back in the available balance." },
  { type: "invoice.finalized", description: "An invoice was finalized: it has its number and is OPEN, payable on its hosted page (hosted_invoice_url)." },
  { type: "invoice.sent", description: "An invoice was sent to the customer (POST /v1/invoices/{id}/send or the dashboard): once per send; sent_channels lists every channel used so far." },
  { type: "invoice.paid", description: "An invoice was paid: payment_id is the successful payment (which also sends payment.success). Exactly once per invoice." },
  { type: "invoice.overdue", description: "An OPEN invoice's due date passed unpaid (status OVERDUE). Once per invoice; reminders continue on its schedule." },
  { type: "invoice.voided", description: "An invoice was voided: it can no longer be paid, and its reminders stop." },
  {
    type: "report.ready",
    description: "A report asked for with POST /v1/reports (or from the dashboard) is written. data is the report, status READY, with a download_url valid for 24 hours.",
  },
] as const;

export type EventType = (typeof eventCatalogue)[number]["type"];

export const EVENT_TYPES = eventCatalogue.map((e) => e.type) as [EventType, ...EventType[]];

const known = new Set<string>(EVENT_TYPES);

export const isEventType = (type: string): type is EventType => known.has(type);

/** Whether an endpoint subscribed to `enabled` receives `type` ("*" = every type). */
export const endpointWants = (enabled: readonly string[], type: string): boolean => enabled.includes("*") || enabled.includes(type);
