import { listAnswer } from "@/lib/http/envelope";
import { CreateSubscriptionInput, listExtra, ListSubscriptionsInput, subscriptionSchema } from "@/lib/billing/schemas";
import { createSubscription, listSubscriptions } from "@/lib/billing/subscriptions";
import { route } from "@/lib/http/route";
import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "billing",
    idempotency: "optional",
    body: CreateSubscriptionInput,
    status: 201,
    doc: {
      summary: "Subscribe a customer to a plan",
      description:
        "Body: plan_id, customer_phone (8 to 15 digits, optional +; 8 digits alone are a Mali number, spaces, dots and dashes are ignored, stored in E.164), start_date (ISO 8601, default now; at most a day back, a year ahead), optional customer_name, customer_email, metadata. " +
        "Created ACTIVE with next_billing_date = start date; each period is collected on its date by a push to the customer's phone. Emits subscription.created.",
      tags: ["Billing"],
      response: subscriptionSchema,
      errors: ["PLAN_NOT_FOUND", "PLAN_INACTIVE", "INVALID_PHONE", "MISSING_PHONE", "INVALID_START_DATE", "INVALID_EMAIL"],
    },
  },
  (ctx, { body }) => createSubscription(ctx, body),
);

export const GET = route(
  {
    auth: "key", resource: "billing",
    query: ListSubscriptionsInput,
    doc: {
      summary: "List subscriptions",
      description: "Filters: status (ACTIVE, PAST_DUE, CANCELLED), plan_id, customer_phone. `data` is the array (newest first), `pagination` beside it; `limit` ≤ 100.",
      tags: ["Billing"],
      response: z.array(subscriptionSchema),
      responseExtra: listExtra,
    },
  },
  async (ctx, { query }) => listAnswer(await listSubscriptions(ctx, query)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
