import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { invoiceSendSchema, SendInvoiceInput } from "@/lib/invoices/schemas";
import { sendInvoice } from "@/lib/invoices/send";

export const POST = route(
  {
    auth: "key", resource: "invoices",
    limit: "sms.send",
    idempotency: "optional",
    body: SendInvoiceInput,
    doc: {
      summary: "Send an invoice",
      description: [
        "`channels`: any of `sms` (a text message to `customer_phone`), `email` (to `customer_email`; 400 `INVOICE_EMAIL_MISSING` without one) and `whatsapp` (nothing is sent: `delivery.whatsapp_url` opens WhatsApp on the customer's number with the message ready). The invoice must be OPEN or OVERDUE (a draft is 409 `INVOICE_IS_DRAFT`).",
        "Each call is one send (event `invoice.sent`) and at most one message per channel; `X-Idempotency-Key` makes a retried call send nothing more. The text-message rules apply: between 21:00 and 07:00 (Mali) it is `scheduled` for 07:00, and a number that opted out or got 5 messages from you in 24 hours is `suppressed` (the reason says which). Payment requests by text message can be switched off in Settings → SMS (then 409 `SMS_USE_DISABLED`).",
        "Reminders then follow `reminder_days` by the channels used (sms and email), from the first send until the invoice is paid or voided. At most 30 sends a minute per key (the `sms.send` limit, shared with sending payment links).",
      ].join("\n\n"),
      tags: ["Invoices"],
      response: invoiceSendSchema,
      errors: ["INVOICE_NOT_FOUND", "INVOICE_IS_DRAFT", "INVOICE_ALREADY_PAID", "INVOICE_VOIDED", "INVALID_INVOICE_CHANNELS", "INVOICE_EMAIL_MISSING", "SMS_USE_DISABLED"],
    },
  },
  (ctx, { params, body }) => sendInvoice(ctx, params.id, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
