import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { invoiceTimeline } from "@/lib/invoices/queries";
import { invoiceTimelineSchema } from "@/lib/invoices/schemas";

export const GET = route(
  {
    auth: "key", resource: "invoices",
    doc: {
      summary: "An invoice's timeline",
      description:
        "What happened to the invoice, oldest first: `created`, `finalized`, `sent` (per channel, with the message's status), `viewed` (the customer opened its page; once per half hour; not a link preview, a crawler, a prefetch, nor your own team signed in to the dashboard), `reminded` (per channel, `detail.day_offset`), `payment_started`, `payment_failed`, `paid`, `overdue`, `voided`.",
      tags: ["Invoices"],
      response: invoiceTimelineSchema,
      errors: ["INVOICE_NOT_FOUND"],
    },
  },
  (ctx, { params }) => invoiceTimeline(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
