import { accountRoute } from "@/lib/http/account-route";
import { deliveryDetail } from "@/lib/webhooks/delivery-detail";

// GET /v1/webhooks/logs/{id} (the delivery, the event sent, every attempt) with each attempt's headers.
export const GET = accountRoute({ who: "merchant", permission: "developers.logs" }, (ctx, { params }) => deliveryDetail(ctx, params.id));
