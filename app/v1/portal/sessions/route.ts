import { CreatePortalSessionInput, portalSessionSchema } from "@/lib/billing/schemas";
import { route } from "@/lib/http/route";
import { createPortalSession } from "@/lib/portal/sessions";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "billing",
    idempotency: "optional",
    body: CreatePortalSessionInput,
    status: 201,
    doc: {
      summary: "Create a customer-portal session",
      description:
        "Body: customer_phone (required, 8 to 15 digits, optional +; 8 digits alone are a Mali number, spaces, dots and dashes are ignored, stored in E.164), customer_name, customer_email (valid e-mail), return_url (HTTPS, outside our own domains, stored normalised; the portal's back link). " +
        "Finds or creates the customer and answers a single-purpose, unguessable `url` valid 24 hours (the sandbox clock applies in test mode). There the customer sees their subscriptions and payments with you, cancels, pays an overdue period and corrects their name and e-mail.",
      tags: ["Customer portal"],
      response: portalSessionSchema,
      errors: ["MISSING_PHONE", "INVALID_PHONE", "INVALID_EMAIL", "INVALID_RETURN_URL"],
    },
  },
  (ctx, { body }) => createPortalSession(ctx, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
