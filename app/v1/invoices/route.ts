import { listAnswer } from "@/lib/http/envelope";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { createInvoice } from "@/lib/invoices/create";
import { listInvoices } from "@/lib/invoices/queries";
import { CreateInvoiceInput, invoiceListExtra, invoiceListSchema, invoiceSchema, ListInvoicesQuery } from "@/lib/invoices/schemas";

export const POST = route(
  {
    auth: "key", resource: "invoices",
    idempotency: "optional",
    body: CreateInvoiceInput,
    status: 201,
    doc: {
      summary: "Create an invoice (draft)",
      description: [
        "A DRAFT invoice: `customer_phone` (required; the payment is pushed to it and text messages go to it), `customer_name`, `customer_email` (needed to send by e-mail), `lines` (1 to 50 of `description`, `quantity` 1..10,000 (default 1), `unit_amount` 1..5,000,000 XOF), `due_date` (YYYY-MM-DD, today to 365 days ahead; default 7 days after finalization), `notes` (≤ 1,000), `locale` (fr default, or en: the page, PDF and messages), `reminder_days` (default [-3, 0, 3, 7]: days relative to the due date; [] for none), `client_reference`, `metadata`.",
        "The service computes each line's `amount` and the `total`, which must stay within one payment's limits (100 to 5,000,000 XOF; 400 `INVOICE_TOTAL_OUT_OF_RANGE`). A draft can change (PATCH) or be deleted (DELETE); finalize it to give it a number and open it for payment, then send it.",
        "`X-Idempotency-Key` (recommended): a replay returns the same draft; another body under the same key is 409 `IDEMPOTENCY_CONFLICT`.",
      ].join("\n\n"),
      tags: ["Invoices"],
      response: invoiceSchema,
      errors: ["MISSING_PHONE", "INVALID_PHONE", "INVALID_CUSTOMER_NAME", "INVALID_EMAIL", "INVALID_INVOICE_LINES", "INVOICE_TOTAL_OUT_OF_RANGE", "INVALID_DUE_DATE", "INVALID_INVOICE_NOTES", "INVALID_INVOICE_LOCALE", "INVALID_REMINDER_DAYS", "INVALID_CLIENT_REFERENCE", "INVALID_METADATA"],
    },
  },
  (ctx, { body }) => createInvoice(ctx, body),
);

export const GET = route(
  {
    auth: "key", resource: "invoices",
    query: ListInvoicesQuery,
    doc: {
      summary: "List invoices",
      description:
        "Newest first. `status` (DRAFT, OPEN, OVERDUE, PAID, VOID; OPEN means not yet due), `customer_phone` (any accepted form), `search` (case-insensitive, in the number, the customer's name and client_reference), `page` from 1, `limit` ≤ 100 (default 20). `data` is the array of invoices, `pagination` sits beside it.",
      tags: ["Invoices"],
      response: invoiceListSchema,
      responseExtra: invoiceListExtra,
      errors: ["INVALID_INVOICE_STATUS", "INVALID_PHONE", "INVALID_SEARCH", "INVALID_PAGINATION"],
    },
  },
  async (ctx, { query }) => listAnswer(await listInvoices(ctx, query)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
