import { z } from "zod";
import { subscriptionPaymentDueSchema, subscriptionSchema } from "@/lib/billing/schemas";
import { paymentSchema } from "@/lib/payments/schemas";
import { secureOrderSchema } from "@/lib/secure-orders/schemas";
import { withdrawalSchema } from "@/lib/withdrawals/schemas";
import { reportSchema } from "@/lib/books/reports";
import { invoiceSchema } from "@/lib/invoices/schemas";
import { EVENT_TYPES, EVENT_VERSION, type EventType } from "./event-types";

/** The object of `webhook.test` (POST /v1/webhooks/test). */
const webhookTestSchema = z.object({
  id: z.string().describe("prefix whtest_"),
  object: z.literal("webhook_test"),
  requested_event: z.enum(EVENT_TYPES).nullable().describe("The `event` of the request, if any"),
  message: z.string(),
});

/**
 * What `data` is for each event type: the object itself, as the API serializes it. A Record
 * over the catalogue, so a new type does not compile until its payload is declared here.
 */
export const eventDataSchemas: Record<EventType, z.ZodObject> = {
  "payment.success": paymentSchema,
  "payment.failed": paymentSchema,
  "payment.expired": paymentSchema,
  "payment.late_success": paymentSchema,
  "webhook.test": webhookTestSchema,
  "secure_order.paid": secureOrderSchema,
  "secure_order.released": secureOrderSchema,
  "secure_order.refunded": secureOrderSchema,
  "secure_order.disputed": secureOrderSchema,
  "secure_order.cancelled": secureOrderSchema,
  "subscription.created": subscriptionSchema,
  "subscription.payment_due": subscriptionPaymentDueSchema,
  "subscription.renewed": subscriptionSchema,
  "subscription.payment_failed": subscriptionSchema,
  "subscription.cancelled": subscriptionSchema,
  "withdrawal.requested": withdrawalSchema,
  "withdrawal.approved": withdrawalSchema,
  "withdrawal.completed": withdrawalSchema,
  "withdrawal.rejected": withdrawalSchema,
  "withdrawal.cancelled": withdrawalSchema,
  "invoice.finalized": invoiceSchema,
  "invoice.sent": invoiceSchema,
  "invoice.paid": invoiceSchema,
  "invoice.overdue": invoiceSchema,
  "invoice.voided": invoiceSchema,
  "report.ready": reportSchema,
};

/** The body a receiver gets for one event type (the OpenAPI document's `webhooks`). */
export function webhookEventSchema(type: EventType) {
  return z.object({
    id: z.string().describe("prefix evt_; also the `webhook-id` and `X-Service-Event-ID` headers, the same on every attempt"),
    type: z.literal(type),
    event: z.literal(type).describe("The same as `type`, for handlers written for the previous service"),
    version: z.literal(EVENT_VERSION),
    timestamp: z.string().describe("ISO 8601 UTC: when the event happened (the sandbox clock applies in test mode)"),
    livemode: z.boolean(),
    data: eventDataSchemas[type],
  });
}
