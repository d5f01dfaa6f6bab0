import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { invoiceSchema, VoidInvoiceInput } from "@/lib/invoices/schemas";
import { voidInvoice } from "@/lib/invoices/void";

export const POST = route(
  {
    auth: "key", resource: "invoices",
    body: VoidInvoiceInput,
    doc: {
      summary: "Void an invoice",
      description:
        "OPEN (or OVERDUE) → VOID, with an optional `reason` (≤ 300): its page no longer takes payment and its reminders stop. Event `invoice.voided`; voiding again answers the voided invoice. A PAID invoice is 409 `INVOICE_ALREADY_PAID`; a draft is deleted instead (409 `INVOICE_IS_DRAFT`). While a payment of it is on the customer's phone: 409 `INVOICE_PAYMENT_IN_PROGRESS` (void it once that payment ends); an attempt not pushed yet is cancelled with the invoice.",
      tags: ["Invoices"],
      response: invoiceSchema,
      errors: ["INVOICE_NOT_FOUND", "INVOICE_IS_DRAFT", "INVOICE_ALREADY_PAID", "INVOICE_PAYMENT_IN_PROGRESS", "INVALID_VOID_REASON"],
    },
  },
  (ctx, { params, body }) => voidInvoice(ctx, params.id, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
