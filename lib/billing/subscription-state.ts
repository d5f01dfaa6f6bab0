import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { billingCharges, billingPlans, paymentLinks, subscriptions, type BillingPlan, type Subscription } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import type { EventType } from "@/lib/webhooks/event-types";
import { subscriptionResource } from "./serialize";

// A subscription's state changes that every path shares (the API, the customer portal, the
// billing cycle's outcome), apart from creating one, which mails the portal link: the portal can
// cancel without importing the module that reaches back to it.

export type CancelReason = "requested" | "customer_portal" | "payment_failed";

export async function planOf(db: Database, planId: string): Promise<BillingPlan> {
  const [plan] = await db.select().from(billingPlans).where(eq(billingPlans.id, planId)).limit(1);
  return plan;
}

type SubscriptionEvent = Extract<EventType, `subscription.${string}`>;

/** A subscription event: its object is the subscription as the API shows it. */
export async function emitSubscriptionEvent(db: Database, type: SubscriptionEvent, sub: Subscription, at: Date, plan?: BillingPlan) {
  const p = plan ?? (await planOf(db, sub.planId));
  await emitEvent(db, { merchantId: sub.merchantId, applicationId: sub.applicationId, mode: sub.mode, type, object: subscriptionResource(sub, p), at });
}

/**
 * → CANCELLED, once: the row must be locked by the caller. Never billed again: the cycle only
 * takes ACTIVE and PAST_DUE rows, open periods become UNPAID and a first-payment link is
 * deactivated. A payment the customer is approving at this moment may still complete; it is
 * recorded on its period but does not revive the subscription.
 */
export async function cancelLockedSubscription(db: Database, sub: Subscription, reason: CancelReason, at: Date): Promise<Subscription> {
  if (sub.status === "CANCELLED") return sub;
  const [row] = await db
    .update(subscriptions)
    .set({ status: "CANCELLED", cancelledAt: at, cancelReason: reason, nextAttemptAt: null, updatedAt: at })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await db
    .update(billingCharges)
    .set({ status: "UNPAID", updatedAt: at })
    .where(and(eq(billingCharges.subscriptionId, sub.id), inArray(billingCharges.status, ["AWAITING_PAYMENT", "FAILED"])));
  await db.update(paymentLinks).set({ isActive: false, updatedAt: at }).where(and(eq(paymentLinks.subscriptionId, sub.id), eq(paymentLinks.isActive, true)));
  await emitSubscriptionEvent(db, "subscription.cancelled", row, at);
  return row;
}
