import { z } from "zod";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { maskPhone } from "@/lib/format/phone";
import { newId } from "@/lib/ids";
import { CUSTOMER_LOCALE } from "@/lib/notifications/customer-address";
import { phoneField, phoneInput } from "@/lib/phone/schema";
import { enqueueSms } from "@/lib/sms/outbox";
import { smsPolicy } from "@/lib/sms/policy";
import { smsUseEnabled } from "@/lib/sms/uses";
import { linkUrl } from "./serialize";
import { findOwnLink } from "./service";

export const sendLinkSchema = z.object({
  customer_phone: phoneField({ field: "customer_phone" }),
  amount: z.number().int().optional().describe("Required for OPEN links (within the link's bounds): the amount the message asks for. FIXED links: omit it or send the link's price."),
  locale: z.enum(["fr", "en"]).optional().describe("Language of the message: fr (default) or en."),
});
export const SendLinkInput = phoneInput(sendLinkSchema, {
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  amount: "AMOUNT_OUT_OF_RANGE",
});
export type SendLinkBody = z.output<typeof sendLinkSchema>;

export const linkSendResultSchema = z
  .object({
    link_id: z.string(),
    to: z.string().describe("The customer's number, masked: +223 76 •• •• 33."),
    status: z.enum(["queued", "scheduled", "suppressed"]).describe("queued: leaves now; scheduled: held until quiet hours end (07:00 Bamako); suppressed: the number opted out of your messages or reached its daily cap, nothing is sent"),
    reason: z.enum(["opted_out", "daily_cap"]).nullable().describe("Why a suppressed message is not sent; null otherwise."),
  })
  .meta({ id: "PaymentLinkSend" });
export type LinkSendResult = z.infer<typeof linkSendResultSchema>;

/**
 * POST /v1/payment-links/{slug}/send (and the link page's "Send by SMS" in the dashboard): a
 * payment request by text message, the amount and the link page's URL, to one customer. The
 * link page has no amount to prefill, so an OPEN link's customer is told the amount and types
 * it there. Written to the outbox in the request's transaction; `requestKey` (the request's
 * idempotency key) names the cause with the link and the number, so a request made again
 * after its stored answer expired sends nothing twice; without one, each request is its own cause.
 */
export async function sendLinkBySms(ctx: DomainContext, slugOrId: string, body: SendLinkBody, requestKey?: string | null): Promise<LinkSendResult> {
  const link = await findOwnLink(ctx, slugOrId);
  if (link.archivedAt) throw new ApiError("LINK_ARCHIVED", "This payment link was deleted; it can no longer be sent.");
  if (!link.isActive) throw new ApiError("LINK_INACTIVE", "This payment link is deactivated: activate it before sending it to a customer.");

  let amount: number;
  if (link.amountMode === "FIXED") {
    if (body.amount !== undefined && body.amount !== link.amount) {
      throw new ApiError("AMOUNT_OUT_OF_RANGE", `This link's price is fixed at ${link.amount} XOF; omit amount or send ${link.amount}.`, { param: "amount" });
    }
    amount = link.amount!;
  } else {
    if (body.amount === undefined || body.amount < link.minAmount! || body.amount > link.maxAmount!) {
      throw new ApiError("AMOUNT_OUT_OF_RANGE", `amount is required for this OPEN link: an integer between ${link.minAmount} and ${link.maxAmount} XOF.`, { param: "amount" });
    }
    amount = body.amount;
  }

  if (!(await smsUseEnabled(ctx.db, ctx.merchant.id, "payment_request"))) {
    throw new ApiError("SMS_USE_DISABLED", "Payment requests by text message are switched off for your account (Settings → SMS): turn them on, or share the link another way.");
  }

  const now = systemNow();
  const cause = requestKey?.trim() ? `${ctx.application.id}:${body.customer_phone}:${requestKey}` : newId("req");
  const queued = await enqueueSms(
    ctx.db,
    {
      merchantId: ctx.merchant.id,
      mode: ctx.mode,
      to: body.customer_phone,
      locale: body.locale ?? CUSTOMER_LOCALE,
      template: "payment_request",
      params: { merchant: ctx.merchant.name.slice(0, 60), amount, url: linkUrl(link.slug) },
      dedupeKey: `payment-request:${link.id}:${cause}`,
    },
    smsPolicy(),
    now,
  );
  const suppressed = queued.status === "SUPPRESSED";
  return {
    link_id: link.id,
    to: maskPhone(body.customer_phone),
    status: suppressed ? "suppressed" : queued.sendAt && queued.sendAt > now ? "scheduled" : "queued",
    reason: queued.reason,
  };
}
