import { accountRoute } from "@/lib/http/account-route";
import { listPlans } from "@/lib/billing/plans";
import { ListSubscriptionsInput } from "@/lib/billing/schemas";
import { listSubscriptions } from "@/lib/billing/subscriptions";

// GET /v1/billing/plans + GET /v1/billing/subscriptions (same filters) for the dashboard's mode.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: ListSubscriptionsInput }, async (ctx, { query }) => {
  const plans = await listPlans(ctx, {});
  const subs = await listSubscriptions(ctx, query);
  return { plans, subscriptions: subs.items };
});
