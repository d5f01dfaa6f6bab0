import { accountRoute } from "@/lib/http/account-route";
import { CreateWithPaymentInput, ListSubscriptionsInput } from "@/lib/billing/schemas";
import { createSubscriptionWithPayment, listSubscriptions } from "@/lib/billing/subscriptions";

// GET /v1/billing/subscriptions (same filters): one customer's subscriptions on the Customers section.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: ListSubscriptionsInput }, async (ctx, { query }) => (await listSubscriptions(ctx, query)).items);

// POST /v1/billing/subscriptions/with-payment: the subscription and the link the customer pays its first period through.
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: CreateWithPaymentInput, status: 201 }, (ctx, { body }) => createSubscriptionWithPayment(ctx, body));
