import { accountRoute } from "@/lib/http/account-route";
import { SendLinkInput, sendLinkBySms } from "@/lib/links/send";

// POST /v1/payment-links/{id}/send: the same schema (so the same codes) and the same sendLinkBySms; each press is its own request.
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: SendLinkInput }, (ctx, { params, body }) => sendLinkBySms(ctx, params.id, body));
