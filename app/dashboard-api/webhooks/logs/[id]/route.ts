import { accountRoute } from "@/lib/auth/handler";
import { getLog } from "@/lib/webhooks/logs";

// GET /v1/webhooks/logs/{id}: the delivery with every attempt.
export const GET = accountRoute({ who: "merchant", permission: "developers.logs" }, (ctx, { params }) => getLog(ctx, params.id));
