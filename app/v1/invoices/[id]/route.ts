import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { deleteDraft, updateInvoice } from "@/lib/invoices/create";
import { getInvoice } from "@/lib/invoices/queries";
import { invoiceSchema, UpdateInvoiceInput } from "@/lib/invoices/schemas";

export const GET = route(
  {
    auth: "key", resource: "invoices",
    doc: {
      summary: "Retrieve an invoice",
      description: "The invoice. `status` reads OVERDUE once an OPEN invoice's `due_date` has passed (Mali time; the test clock in test mode). Another merchant's or the other mode's invoice is 404 `INVOICE_NOT_FOUND`.",
      tags: ["Invoices"],
      response: invoiceSchema,
      errors: ["INVOICE_NOT_FOUND"],
    },
  },
  (ctx, { params }) => getInvoice(ctx, params.id),
);

export const PATCH = route(
  {
    auth: "key", resource: "invoices",
    body: UpdateInvoiceInput,
    doc: {
      summary: "Update a draft invoice",
      description:
        "A DRAFT only (otherwise 409 `INVOICE_NOT_DRAFT`, or `INVOICE_ALREADY_PAID` / `INVOICE_VOIDED`). Any field of the creation; a sent field replaces the draft's (`lines` as a whole list), null clears an optional one. The total is computed again.",
      tags: ["Invoices"],
      response: invoiceSchema,
      errors: ["INVOICE_NOT_FOUND", "INVOICE_NOT_DRAFT", "INVOICE_ALREADY_PAID", "INVOICE_VOIDED", "INVALID_PHONE", "INVALID_CUSTOMER_NAME", "INVALID_EMAIL", "INVALID_INVOICE_LINES", "INVOICE_TOTAL_OUT_OF_RANGE", "INVALID_DUE_DATE", "INVALID_INVOICE_NOTES", "INVALID_INVOICE_LOCALE", "INVALID_REMINDER_DAYS", "INVALID_CLIENT_REFERENCE", "INVALID_METADATA"],
    },
  },
  (ctx, { params, body }) => updateInvoice(ctx, params.id, body),
);

export const DELETE = route(
  {
    auth: "key", resource: "invoices",
    doc: {
      summary: "Delete a draft invoice",
      description: "A DRAFT has no number yet and is deleted. A finalized invoice is voided instead (POST /v1/invoices/{id}/void): 409 `INVOICE_NOT_DRAFT`.",
      tags: ["Invoices"],
      response: z.object({ id: z.string(), object: z.literal("invoice"), deleted: z.literal(true) }),
      errors: ["INVOICE_NOT_FOUND", "INVOICE_NOT_DRAFT", "INVOICE_ALREADY_PAID", "INVOICE_VOIDED"],
    },
  },
  (ctx, { params }) => deleteDraft(ctx, params.id),
);

export const { POST, PUT, OPTIONS } = notAllowed("GET", "PATCH", "DELETE");
