import { accountRoute } from "@/lib/http/account-route";
import { retryLog } from "@/lib/webhooks/logs";

// POST /v1/webhooks/logs/{id}/retry: an HTTP call to the merchant's server, no transaction held across it.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", operation: retryLog }, (ctx, { params }) => retryLog(ctx, params.id));
