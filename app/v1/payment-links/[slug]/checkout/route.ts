import { route } from "@/lib/http/route";
import { startLinkCheckout } from "@/lib/links/checkout";
import { LinkCheckoutInput, linkCheckoutResultSchema } from "@/lib/links/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "none",
    limit: "links.checkout",
    body: LinkCheckoutInput,
    status: 201,
    doc: {
      summary: "Pay through a payment link (public)",
      description:
        "No key; rate-limited per client IP. Body `{customer_phone, amount?}` (`amount` required for OPEN links, within the link's bounds). Creates a PENDING payment for the link's merchant " +
        "(purpose payment_link) and answers the hosted checkout URL (`redirect_url`) to send the customer to; after a successful payment the checkout returns them to the link's " +
        "`success_redirect_url`, or to the link page's thank-you view. A deactivated link is 409 LINK_INACTIVE, a deleted one 410 LINK_ARCHIVED.",
      tags: ["Payment links"],
      response: linkCheckoutResultSchema,
      errors: ["LINK_NOT_FOUND", "LINK_ARCHIVED", "LINK_INACTIVE", "LINK_UNAVAILABLE", "AMOUNT_OUT_OF_RANGE", "SUBSCRIPTION_PAYMENT_IN_PROGRESS"],
    },
  },
  (ctx, { params, body }) => startLinkCheckout(ctx.db, params.slug, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
