import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { billingCharges, paymentLinks, subscriptions, type Payment } from "@/db/schema";
import { log } from "@/lib/log";
import { nextPeriodStart, retryAt } from "./periods";
import { cancelLockedSubscription, emitSubscriptionEvent, planOf } from "./subscription-state";

/**
 * A payment for a subscription period reached a terminal status (called from the settlement
 * transaction, through the "subscription" and "payment_link" purpose hooks).
 *
 * SUCCESS → the period is PAID; if it is the subscription's current period, next_billing_date
 * moves one interval on (from the period's start, keeping the anchor day), retry_count 0, ACTIVE,
 * `subscription.renewed`.
 * Failure of a cycle attempt → retry_count + 1, PAST_DUE, next try 1, 3 then 5 days after the
 * first failure (`subscription.payment_failed`); failing after the last retry → CANCELLED
 * (`subscription.payment_failed` then `subscription.cancelled`). A failed payment the customer
 * started (portal "pay now", first-payment link) changes no schedule.
 */
export async function recordSubscriptionPayment(tx: Database, subscriptionId: string, payment: Payment, at: Date): Promise<void> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
  if (!sub) return;
  const [charge] = await tx
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.subscriptionId, sub.id), eq(billingCharges.paymentId, payment.id)))
    .for("update");
  if (!charge) {
    log("warn", "subscription payment without a billing period", { subscription_id: sub.id, payment_id: payment.id });
    return;
  }
  const subPatch: Partial<typeof subscriptions.$inferInsert> = { updatedAt: at };
  if (sub.pendingPaymentId === payment.id) subPatch.pendingPaymentId = null;

  if (payment.status === "SUCCESS") {
    await tx.update(billingCharges).set({ status: "PAID", paidAt: at, updatedAt: at }).where(eq(billingCharges.id, charge.id));
    await tx.update(paymentLinks).set({ isActive: false, updatedAt: at }).where(and(eq(paymentLinks.subscriptionId, sub.id), eq(paymentLinks.isActive, true)));
    const current = charge.periodStart.getTime() === sub.nextBillingDate.getTime();
    if (sub.status !== "CANCELLED" && current) {
      const plan = await planOf(tx, sub.planId);
      const next = nextPeriodStart(sub.nextBillingDate, plan.interval, sub.anchorDay);
      const [row] = await tx
        .update(subscriptions)
        .set({ ...subPatch, status: "ACTIVE", retryCount: 0, nextBillingDate: next, nextAttemptAt: next })
        .where(eq(subscriptions.id, sub.id))
        .returning();
      await emitSubscriptionEvent(tx, "subscription.renewed", row, at, plan);
      return;
    }
    await tx.update(subscriptions).set(subPatch).where(eq(subscriptions.id, sub.id));
    return;
  }

  // FAILED, EXPIRED or CANCELLED.
  if (charge.status === "PAID") {
    await tx.update(subscriptions).set(subPatch).where(eq(subscriptions.id, sub.id));
    return;
  }
  if (sub.status === "CANCELLED") {
    await tx.update(billingCharges).set({ status: "UNPAID", updatedAt: at }).where(eq(billingCharges.id, charge.id));
    await tx.update(subscriptions).set(subPatch).where(eq(subscriptions.id, sub.id));
    return;
  }
  if (charge.source !== "cycle") {
    // The customer's own attempt failed (declined, abandoned): the schedule stays as it was.
    const back = charge.source === "link" && charge.firstFailedAt === null ? "AWAITING_PAYMENT" : "FAILED";
    await tx.update(billingCharges).set({ status: back, updatedAt: at }).where(eq(billingCharges.id, charge.id));
    await tx.update(subscriptions).set(subPatch).where(eq(subscriptions.id, sub.id));
    return;
  }
  const firstFailedAt = charge.firstFailedAt ?? at;
  const retry = sub.retryCount + 1;
  const nextTry = retryAt(firstFailedAt, retry);
  await tx.update(billingCharges).set({ status: nextTry ? "FAILED" : "UNPAID", firstFailedAt, updatedAt: at }).where(eq(billingCharges.id, charge.id));
  const [row] = await tx
    .update(subscriptions)
    .set({ ...subPatch, status: "PAST_DUE", retryCount: retry, nextAttemptAt: nextTry })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await emitSubscriptionEvent(tx, "subscription.payment_failed", row, at);
  if (!nextTry) await cancelLockedSubscription(tx, row, "payment_failed", at);
}

/** Purpose hook for "subscription" payments (cycle collections and portal "pay now"). */
export async function subscriptionPaymentHook(tx: Database, payment: Payment, at: Date): Promise<void> {
  if (payment.purposeRef) await recordSubscriptionPayment(tx, payment.purposeRef, payment, at);
}
