import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { finalizeInvoice } from "@/lib/invoices/finalize";
import { invoiceSchema } from "@/lib/invoices/schemas";

export const POST = route(
  {
    auth: "key", resource: "invoices",
    idempotency: "optional",
    doc: {
      summary: "Finalize an invoice",
      description:
        "DRAFT → OPEN: the invoice gets the next number of your sequence for the year (FAC-2026-0001, FAC-2026-0002, … one sequence per mode; a number is never reused nor skipped), its `due_date` (7 days ahead when none was set) and its `hosted_invoice_url` and `pdf_url`. It needs at least one line and a total of 100 to 5,000,000 XOF. Event `invoice.finalized`. Finalizing again is 409 `INVOICE_NOT_DRAFT`.",
      tags: ["Invoices"],
      response: invoiceSchema,
      errors: ["INVOICE_NOT_FOUND", "INVOICE_NOT_DRAFT", "INVOICE_ALREADY_PAID", "INVOICE_VOIDED", "INVALID_INVOICE_LINES", "INVOICE_TOTAL_OUT_OF_RANGE", "INVALID_DUE_DATE"],
    },
  },
  (ctx, { params }) => finalizeInvoice(ctx, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
