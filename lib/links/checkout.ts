import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { applications, merchants, payments, type Payment } from "@/db/schema";
import { beginSubscriptionLinkPayment } from "@/lib/billing/link-payment";
import { insertCustomerIfAbsent } from "@/lib/billing/customers";
import { merchantNow, systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { normalizeRedirectUrl } from "@/lib/redirects/redirect-url";
import { insertPayment } from "@/lib/payments/create";
import { checkoutUrl } from "@/lib/payments/serialize";
import { liveGateFailure } from "@/lib/platform/merchants";
import type { LinkCheckoutBody } from "./schemas";
import { linkUrl } from "./serialize";
import { getPublicLinkRow } from "./service";

/** Where a link payment returns after success when the link has no success_redirect_url: our link page's thank-you view. */
export const linkThankYouUrl = (slug: string, paymentId: string) => `${linkUrl(slug)}?payment=${encodeURIComponent(paymentId)}`;

/**
 * POST /v1/payment-links/{slug}/checkout (public): a PENDING payment for the link's merchant,
 * purpose payment_link, returning to success_redirect_url (or our thank-you view) after
 * success; the customer is sent to the hosted checkout (`redirect_url`), which pushes the
 * collection to their phone. Archived → 410 LINK_ARCHIVED; inactive → 409 LINK_INACTIVE.
 */
export async function startLinkCheckout(db: Database, slugOrId: string, body: LinkCheckoutBody) {
  const { link } = await getPublicLinkRow(db, slugOrId);
  if (!link.isActive) throw new ApiError("LINK_INACTIVE", "This payment link is deactivated and does not accept payments right now.");

  const [owner] = await db
    .select({ merchant: merchants, application: applications })
    .from(merchants)
    .innerJoin(applications, eq(applications.id, link.applicationId))
    .where(eq(merchants.id, link.merchantId));
  if (!owner || owner.merchant.status !== "active" || (link.mode === "live" && liveGateFailure(owner.merchant, systemNow()))) {
    throw new ApiError("LINK_UNAVAILABLE");
  }

  let amount: number;
  if (link.amountMode === "FIXED") {
    if (body.amount !== undefined && body.amount !== link.amount) {
      throw new ApiError("AMOUNT_OUT_OF_RANGE", `This link's price is fixed at ${link.amount} XOF; omit amount or send ${link.amount}.`, { param: "amount" });
    }
    amount = link.amount!;
  } else {
    if (body.amount === undefined || body.amount < link.minAmount! || body.amount > link.maxAmount!) {
      throw new ApiError("AMOUNT_OUT_OF_RANGE", `amount must be an integer between ${link.minAmount} and ${link.maxAmount} XOF for this link.`, { param: "amount" });
    }
    amount = body.amount;
  }

  const now = merchantNow(owner.merchant, link.mode);
  const ctx: DomainContext = { db, merchant: owner.merchant, application: owner.application, mode: link.mode, now, source: "public" };
  // A public page: a new phone becomes a customer; an existing customer is never changed from here.
  await insertCustomerIfAbsent(db, { merchantId: link.merchantId, mode: link.mode, phone: body.customer_phone, name: body.customer_name, at: now });

  // A live link sells under the merchant's monthly cap like any live payment (insertPayment: 403
  // PLAN_MONTHLY_VOLUME_EXCEEDED); a subscription's payment already in flight is resumed, not judged again.
  const create = async (): Promise<Payment> => {
    const payment = await insertPayment(ctx, {
      amount,
      customerPhone: body.customer_phone,
      customerName: body.customer_name,
      description: link.name,
      purpose: "payment_link",
      purposeRef: link.id,
      metadata: { payment_link_id: link.id, payment_link_slug: link.slug },
    });
    // Checked again on use: a link saved before the redirect URL rule may hold a value it refuses.
    const saved = link.successRedirectUrl ? normalizeRedirectUrl(link.successRedirectUrl) : null;
    const returnUrl = saved?.ok ? saved.url : linkThankYouUrl(link.slug, payment.id);
    const [withReturn] = await db.update(payments).set({ returnUrl }).where(eq(payments.id, payment.id)).returning();
    return withReturn;
  };
  const payment = link.subscriptionId ? await beginSubscriptionLinkPayment(db, link.subscriptionId, now, create) : await create();
  return {
    payment_id: payment.id,
    status: "PENDING" as const,
    amount: payment.amount,
    currency: "XOF" as const,
    redirect_url: checkoutUrl(payment.id),
    expires_at: payment.expiresAt.toISOString(),
  };
}
