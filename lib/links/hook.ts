import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { paymentLinks, type Payment } from "@/db/schema";
import { recordLinkPaymentForSubscription } from "@/lib/billing/link-payment";

/**
 * Purpose hook for "payment_link" payments. A link's totals are summed from its payments (no
 * counter to keep in step, nothing to count twice); a link tied to a subscription pays that
 * subscription's period.
 */
export async function paymentLinkHook(tx: Database, payment: Payment, at: Date): Promise<void> {
  if (!payment.purposeRef) return;
  const [link] = await tx.select({ subscriptionId: paymentLinks.subscriptionId }).from(paymentLinks).where(eq(paymentLinks.id, payment.purposeRef)).limit(1);
  if (link?.subscriptionId) await recordLinkPaymentForSubscription(tx, link.subscriptionId, payment, at);
}
