import { CreateWithPaymentInput, withPaymentSchema } from "@/lib/billing/schemas";
import { createSubscriptionWithPayment } from "@/lib/billing/subscriptions";
import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "billing",
    idempotency: "optional",
    body: CreateWithPaymentInput,
    status: 201,
    doc: {
      summary: "Subscribe a customer and get a link for the first payment",
      description:
        "Same body as POST /v1/billing/subscriptions plus `redirect_url` (HTTPS, where the customer lands after paying) and `metadata`. Answers the subscription and a FIXED payment link for the plan's amount, tied to it. " +
        "The customer pays the first period through the link; if it is unpaid a day after the start date, the billing cycle collects it by push instead and the link is deactivated (also once paid).",
      tags: ["Billing"],
      response: withPaymentSchema,
      errors: ["PLAN_NOT_FOUND", "PLAN_INACTIVE", "INVALID_PHONE", "MISSING_PHONE", "INVALID_START_DATE", "INVALID_EMAIL", "INVALID_REDIRECT_URL"],
    },
  },
  (ctx, { body }) => createSubscriptionWithPayment(ctx, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
