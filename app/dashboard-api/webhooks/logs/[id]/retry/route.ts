import { accountRoute } from "@/lib/auth/handler";
import { Reply } from "@/lib/http/envelope";
import { retryLog } from "@/lib/webhooks/logs";

// POST /v1/webhooks/logs/{id}/retry: an HTTP call to the merchant's server, no transaction held across it.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", operation: retryLog }, async (ctx, { params }) => {
  const r = await retryLog(ctx, params.id);
  return r instanceof Reply ? r.data : r;
});
