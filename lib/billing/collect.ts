import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { billingCharges, billingPlans, payments, subscriptions, type BillingCharge, type ChargeSource, type Payment, type Subscription } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { insertPayment } from "@/lib/payments/create";

/**
 * The billing row of the subscription's current period (next_billing_date), created on first
 * use and locked. UNIQUE (subscription_id, period_start) makes it one row per period whoever
 * asks first; `on conflict do nothing` keeps a concurrent creator's transaction alive.
 */
export async function currentCharge(db: Database, sub: Subscription, amount: number, at: Date): Promise<BillingCharge> {
  await db
    .insert(billingCharges)
    .values({ id: newId("chg"), subscriptionId: sub.id, merchantId: sub.merchantId, mode: sub.mode, periodStart: sub.nextBillingDate, amount, status: "PROCESSING", source: "cycle", createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: [billingCharges.subscriptionId, billingCharges.periodStart] });
  const [charge] = await db
    .select()
    .from(billingCharges)
    .where(and(eq(billingCharges.subscriptionId, sub.id), eq(billingCharges.periodStart, sub.nextBillingDate)))
    .for("update");
  return charge;
}

/** The payment in flight for a subscription, if any and still PENDING. */
export async function pendingPaymentOf(db: Database, sub: Subscription): Promise<Payment | null> {
  if (!sub.pendingPaymentId) return null;
  const [p] = await db.select().from(payments).where(eq(payments.id, sub.pendingPaymentId)).limit(1);
  return p && p.status === "PENDING" ? p : null;
}

/**
 * Records a new attempt on a period: the charge points at the payment, the subscription holds
 * it as its one payment in flight. Callers hold the subscription's row lock.
 */
export async function recordAttempt(db: Database, sub: Subscription, charge: BillingCharge, payment: Payment, source: ChargeSource, at: Date) {
  await db
    .update(billingCharges)
    .set({ status: "PROCESSING", source, attempts: charge.attempts + 1, paymentId: payment.id, updatedAt: at })
    .where(eq(billingCharges.id, charge.id));
  await db.update(subscriptions).set({ pendingPaymentId: payment.id, updatedAt: at }).where(eq(subscriptions.id, sub.id));
}

/**
 * A "subscription" payment for the period of `charge` (cycle and portal attempts). `liveCap`
 * "checked": the cycle judged the plan's monthly cap itself (insertPayment).
 */
export async function insertPeriodPayment(ctx: DomainContext, sub: Subscription, charge: BillingCharge, returnUrl?: string, liveCap?: "checked") {
  const [plan] = await ctx.db.select({ name: billingPlans.name }).from(billingPlans).where(eq(billingPlans.id, sub.planId));
  return insertPayment(ctx, {
    amount: charge.amount,
    customerPhone: sub.customerPhone,
    description: plan?.name ?? "Abonnement",
    returnUrl: returnUrl ?? null,
    purpose: "subscription",
    purposeRef: sub.id,
    metadata: { subscription_id: sub.id, period_start: charge.periodStart.toISOString() },
    liveCap,
  });
}
