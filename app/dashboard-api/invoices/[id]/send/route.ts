import { accountRoute } from "@/lib/http/account-route";
import { SendInvoiceInput } from "@/lib/invoices/schemas";
import { sendInvoice } from "@/lib/invoices/send";

// POST /v1/invoices/{id}/send: the invoice and its `delivery` (the WhatsApp link the page opens).
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: SendInvoiceInput }, (ctx, { params, body }) => sendInvoice(ctx, params.id, body));
