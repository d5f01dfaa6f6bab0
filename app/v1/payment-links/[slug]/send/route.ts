import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { linkSendResultSchema, SendLinkInput, sendLinkBySms } from "@/lib/links/send";

export const POST = route(
  {
    auth: "key", resource: "payment_links",
    limit: "sms.send",
    idempotency: "optional",
    body: SendLinkInput,
    doc: {
      summary: "Send a payment link by text message",
      description: [
        "A payment request by SMS to one customer: the merchant's name, the amount and the link's public `url` (`{merchant} vous demande 12 500 FCFA. Payez ici : https://…/l/{slug}`), in French (default) or English (`locale`). Body `{customer_phone, amount?, locale?}`: an OPEN link needs `amount` within its bounds (the message asks for it; the customer types it on the link page); a FIXED link takes its price (omit `amount`, or send the price). The path segment is the link's id (`link_…`) or its slug.",
        "Nothing is sent while you wait: the message is queued and leaves within seconds. The text-message rules apply: between 21:00 and 07:00 (Mali) it is `scheduled` for 07:00, and a number that opted out of your messages (it replied STOP) or got 5 messages from you in 24 hours is `suppressed` (`reason` says which) and gets nothing. `to` is the number masked. With `X-Idempotency-Key`, a retried request sends nothing more.",
        "A deactivated link is 409 `LINK_INACTIVE`, a deleted one 410 `LINK_ARCHIVED`. Payment requests by text message can be switched off in Settings → SMS (then 409 `SMS_USE_DISABLED`). Test-mode messages are recorded but never reach a phone.",
      ].join("\n\n"),
      tags: ["Payment links"],
      response: linkSendResultSchema,
      pathParams: { slug: { name: "id", description: "The link's id (link_…); its slug is read too." } },
      errors: ["LINK_NOT_FOUND", "LINK_ARCHIVED", "LINK_INACTIVE", "AMOUNT_OUT_OF_RANGE", "SMS_USE_DISABLED"],
    },
  },
  (ctx, { params, body }) => sendLinkBySms(ctx, params.slug, body, ctx.request.headers.get("x-idempotency-key")),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
