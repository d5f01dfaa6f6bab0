import { accountRoute } from "@/lib/http/account-route";
import { finalizeInvoice } from "@/lib/invoices/finalize";

// POST /v1/invoices/{id}/finalize: DRAFT → OPEN with its number.
export const POST = accountRoute({ who: "merchant", permission: "commerce" }, (ctx, { params }) => finalizeInvoice(ctx, params.id));
