import { accountRoute } from "@/lib/http/account-route";
import { deleteDraft, updateInvoice } from "@/lib/invoices/create";
import { getInvoice, invoiceTimeline } from "@/lib/invoices/queries";
import { UpdateInvoiceInput } from "@/lib/invoices/schemas";

// GET /v1/invoices/{id} and its timeline, for the invoice's page: `{invoice, timeline}`.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, async (ctx, { params }) => {
  const invoice = await getInvoice(ctx, params.id);
  return { invoice, timeline: await invoiceTimeline(ctx, params.id) };
});

// PATCH /v1/invoices/{id}: a draft, same schema and updateInvoice.
export const PATCH = accountRoute({ who: "merchant", permission: "commerce", body: UpdateInvoiceInput }, (ctx, { params, body }) => updateInvoice(ctx, params.id, body));

// DELETE /v1/invoices/{id}: a draft only.
export const DELETE = accountRoute({ who: "merchant", permission: "commerce" }, (ctx, { params }) => deleteDraft(ctx, params.id));
