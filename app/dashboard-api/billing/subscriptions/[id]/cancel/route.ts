import { accountRoute } from "@/lib/http/account-route";
import { cancelSubscription } from "@/lib/billing/subscriptions";

// POST /v1/billing/subscriptions/{id}/cancel.
export const POST = accountRoute({ who: "merchant", permission: "commerce" }, (ctx, { params }) => cancelSubscription(ctx, params.id));
