import { accountRoute } from "@/lib/http/account-route";
import { VoidInvoiceInput } from "@/lib/invoices/schemas";
import { voidInvoice } from "@/lib/invoices/void";

// POST /v1/invoices/{id}/void, with the merchant's reason.
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: VoidInvoiceInput }, (ctx, { params, body }) => voidInvoice(ctx, params.id, body));
