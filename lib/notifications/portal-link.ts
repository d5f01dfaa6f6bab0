import { eq } from "drizzle-orm";
import { mailOutbox, type BillingPlan, type Customer, type Subscription } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { mailBrand } from "@/lib/branding/brand";
import { enqueueMail } from "@/lib/mail/outbox";
import { createPortalSession } from "@/lib/portal/sessions";
import { CUSTOMER_LOCALE, usableAddress } from "./customer-address";

/**
 * A subscription was created for a customer with an address (lib/billing/subscriptions.ts, in
 * its transaction): the customer gets a link to their portal, where they see and cancel it.
 * The link is a portal session like POST /v1/portal/sessions makes (24 hours), created only when
 * the message is, so a repeated call makes no second session.
 */
export async function mailSubscriptionPortalLink(ctx: DomainContext, input: { subscription: Subscription; plan: BillingPlan; customer: Customer }): Promise<boolean> {
  const to = usableAddress(input.customer.email);
  if (!to) return false;
  const dedupeKey = `subscription:${input.subscription.id}:portal-link`;
  const [already] = await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey));
  if (already) return false;
  const session = await createPortalSession(ctx, { customer_phone: input.customer.phone });
  const { created } = await enqueueMail(ctx.db, {
    to,
    locale: CUSTOMER_LOCALE,
    template: "subscription_portal",
    params: {
      merchantName: ctx.merchant.name,
      brand: await mailBrand(ctx.db, ctx.merchant.id),
      mode: input.subscription.mode,
      planName: input.plan.name,
      amount: input.plan.amount,
      interval: input.plan.interval,
      nextBillingDate: input.subscription.nextBillingDate.toISOString(),
      portalUrl: session.url,
      expiresAt: session.expires_at,
    },
    dedupeKey,
  });
  return created;
}
