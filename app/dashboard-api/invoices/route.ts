import { accountRoute } from "@/lib/http/account-route";
import { createInvoice } from "@/lib/invoices/create";
import { listInvoices } from "@/lib/invoices/queries";
import { CreateInvoiceInput, ListInvoicesQuery } from "@/lib/invoices/schemas";

// GET /v1/invoices for the dashboard: `{invoices, pagination}`.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: ListInvoicesQuery }, async (ctx, { query }) => {
  const r = await listInvoices(ctx, query);
  return { invoices: r.items, pagination: r.pagination };
});

// POST /v1/invoices: same schema (so the same validation codes), same createInvoice: a draft.
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: CreateInvoiceInput, status: 201 }, (ctx, { body }) => createInvoice(ctx, body));
