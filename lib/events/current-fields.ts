/**
 * Fields that an event's `data` gained after events were first written to the outbox, each
 * derived from the stored object alone. The outbox keeps every event as it was written; this
 * runs where the body is built to be sent or shown (lib/webhooks/body.ts), so an event emitted
 * before a field existed is delivered with it, the same as one emitted after. A field the object
 * already has is kept as stored, so the bytes of an event never change between attempts.
 */
export function withCurrentFields(type: string, object: Record<string, unknown>): Record<string, unknown> {
  if (type.startsWith("payment.")) return withPaymentFields(object);
  if (type === "subscription.payment_due") return withPaymentDueFields(object);
  return object;
}

/** lib/payments/serialize.ts: `reference_id` (= id) and the nested `customer`. */
function withPaymentFields(object: Record<string, unknown>): Record<string, unknown> {
  const added: Record<string, unknown> = {};
  if (object.reference_id === undefined) added.reference_id = object.id;
  if (object.customer === undefined && typeof object.customer_phone === "string") {
    added.customer = { phone: object.customer_phone, name: object.customer_name ?? null, email: object.customer_email ?? null };
  }
  return Object.keys(added).length ? { ...object, ...added } : object;
}

/** lib/billing/serialize.ts: the previous service's names for fields the event already has. */
function withPaymentDueFields(object: Record<string, unknown>): Record<string, unknown> {
  if (object.subscription_id !== undefined || object.payment_id === undefined) return object;
  return { ...object, subscription_id: object.id, billing_date: object.period_start, expires_at: object.payment_expires_at, payment_link_id: object.payment_id };
}
