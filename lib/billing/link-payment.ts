import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { billingCharges, subscriptions, type Payment } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { pendingPaymentOf, recordAttempt } from "./collect";
import { recordSubscriptionPayment } from "./outcome";

/**
 * Checkout of a with-payment link: the payment pays the subscription's first period. Under the
 * subscription's row lock: a payment already in flight is resumed rather than doubled; a
 * cancelled subscription or an already settled period refuses the link (LINK_INACTIVE).
 */
export async function beginSubscriptionLinkPayment(db: Database, subscriptionId: string, at: Date, create: () => Promise<Payment>): Promise<Payment> {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
  if (!sub || sub.status === "CANCELLED") throw new ApiError("LINK_INACTIVE", "This subscription was cancelled; its payment link no longer takes payments.");
  const inFlight = await pendingPaymentOf(db, sub);
  if (inFlight) {
    if (inFlight.purpose === "payment_link") return inFlight;
    throw new ApiError("SUBSCRIPTION_PAYMENT_IN_PROGRESS");
  }
  const [charge] = await db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.subscriptionId, sub.id), eq(billingCharges.status, "AWAITING_PAYMENT")))
    .for("update");
  if (!charge) throw new ApiError("LINK_INACTIVE", "This subscription's first period is already paid or being collected; the link no longer takes payments.");
  const payment = await create();
  await recordAttempt(db, sub, charge, payment, "link", at);
  return payment;
}

/** The payment_link purpose hook's part for links tied to a subscription. */
export async function recordLinkPaymentForSubscription(tx: Database, subscriptionId: string, payment: Payment, at: Date) {
  await recordSubscriptionPayment(tx, subscriptionId, payment, at);
}
