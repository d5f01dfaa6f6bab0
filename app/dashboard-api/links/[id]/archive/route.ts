import { accountRoute } from "@/lib/http/account-route";
import { archiveLink } from "@/lib/links/service";

// DELETE /v1/payment-links/{id}: a permanent archive.
export const POST = accountRoute({ who: "merchant", permission: "commerce" }, (ctx, { params }) => archiveLink(ctx, params.id));
