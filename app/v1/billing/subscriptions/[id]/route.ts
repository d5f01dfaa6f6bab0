import { subscriptionSchema } from "@/lib/billing/schemas";
import { cancelSubscription, getSubscription } from "@/lib/billing/subscriptions";
import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  { auth: "key", resource: "billing", doc: { summary: "Read a subscription", tags: ["Billing"], response: subscriptionSchema, errors: ["SUBSCRIPTION_NOT_FOUND"] } },
  (ctx, { params }) => getSubscription(ctx, params.id),
);

export const DELETE = route(
  {
    auth: "key", resource: "billing",
    doc: {
      summary: "Cancel a subscription",
      description: "→ CANCELLED (final; never billed again), emits subscription.cancelled. Idempotent: cancelling again answers the same cancelled subscription and emits nothing.",
      tags: ["Billing"],
      response: subscriptionSchema,
      errors: ["SUBSCRIPTION_NOT_FOUND"],
    },
  },
  (ctx, { params }) => cancelSubscription(ctx, params.id),
);

export const { POST, PUT, PATCH, OPTIONS } = notAllowed("GET", "DELETE");
