import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { applications, billingCharges, billingPlans, merchants, paymentLinks, payments, subscriptions } from "@/db/schema";
import { merchantNow, systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { emitEvent } from "@/lib/events/emit";
import type { JobScope } from "@/lib/core/job-scope";
import { log } from "@/lib/log";
import { textSubscriptionPaymentsDue, type PaymentDueText } from "@/lib/notifications/subscription-due-sms";
import { initiatePayment } from "@/lib/payments/initiate";
import { settlePayment } from "@/lib/payments/settle";
import { liveVolumeRefusal } from "@/lib/platform/volume-cap";
import { currentCharge, insertPeriodPayment, recordAttempt } from "./collect";
import { subscriptionPaymentDueResource } from "./serialize";

const BATCH = 50;
/** Passes per run: a test clock moved far ahead catches up period after period, up to this many. */
const MAX_PASSES = 100;

/**
 * Claims up to `limit` due subscriptions — ACTIVE or PAST_DUE, no payment in flight, next
 * attempt due on their merchant's clock — and creates one collection per subscription for its
 * current period, in one transaction. `FOR UPDATE SKIP LOCKED` lets runners on several
 * instances share the work without waiting on each other; a claimed row leaves the due set
 * (pending_payment_id) before the lock is released, and the period's row is unique, so no run
 * ever opens a second collection for the same period while one is in flight or paid.
 */
async function claimDue(db: Database, scope: JobScope, limit: number): Promise<string[]> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const real = systemNow().toISOString();
    const due = await tx
      .select({ sub: subscriptions, plan: billingPlans, merchant: merchants, application: applications })
      .from(subscriptions)
      .innerJoin(merchants, eq(merchants.id, subscriptions.merchantId))
      .innerJoin(billingPlans, eq(billingPlans.id, subscriptions.planId))
      .innerJoin(applications, eq(applications.id, subscriptions.applicationId))
      .where(
        and(
          inArray(subscriptions.status, ["ACTIVE", "PAST_DUE"]),
          isNull(subscriptions.pendingPaymentId),
          lte(
            subscriptions.nextAttemptAt,
            sql`(${real}::timestamptz + case when ${subscriptions.mode} = 'test' then ${merchants.testClockOffsetSeconds} * interval '1 second' else interval '0' end)`,
          ),
          eq(merchants.status, "active"),
          // Live collections only for a merchant that passes the live gates (production opened, paid plan current).
          sql`(${subscriptions.mode} = 'test' or (${merchants.productionEnabled} and ${merchants.platformPlan} <> 'none' and ${merchants.platformPeriodEnd} > ${real}::timestamptz))`,
          scope.merchantId ? eq(subscriptions.merchantId, scope.merchantId) : undefined,
        ),
      )
      .orderBy(subscriptions.nextAttemptAt, subscriptions.id)
      .limit(limit)
      .for("update", { of: subscriptions, skipLocked: true });

    const claimed: string[] = [];
    const texts: PaymentDueText[] = [];
    // Live collections take their merchant's live_cap lock: always in merchant order, so two runners never wait on each other in a cycle.
    const byMerchant = [...due].sort((a, b) => (a.merchant.id < b.merchant.id ? -1 : a.merchant.id > b.merchant.id ? 1 : 0));
    for (const { sub, plan, merchant, application } of byMerchant) {
      const at = merchantNow(merchant, sub.mode);
      const charge = await currentCharge(tx, sub, plan.amount, at);
      if (charge.status === "PAID" || charge.status === "UNPAID") {
        // Never charge a settled period again; an inconsistent row is left for a human.
        log("error", "billing cycle found a settled period still due", { subscription_id: sub.id, charge_id: charge.id, status: charge.status });
        await tx.update(subscriptions).set({ nextAttemptAt: null, updatedAt: at }).where(eq(subscriptions.id, sub.id));
        continue;
      }
      const ctx: DomainContext = { db: tx, merchant, application, mode: sub.mode, now: at, source: "job" };
      // Judged under the merchant's live_cap lock, held to the end of this transaction (lib/platform/volume-cap.ts).
      const overCap = await liveVolumeRefusal(ctx, charge.amount);
      const payment = await insertPeriodPayment(ctx, sub, charge, undefined, "checked");
      await recordAttempt(tx, sub, charge, payment, "cycle", at);
      if (overCap) {
        // Over the plan's monthly live cap: nothing is asked of the customer. The attempt fails with
        // the reason on the payment, and the usual retry schedule (or a plan upgrade) takes over.
        await settlePayment(tx, payment.id, { status: "FAILED", reason: overCap.message });
        continue;
      }
      // The cycle takes a with-payment period over from its link: the link stops taking payments.
      await tx.update(paymentLinks).set({ isActive: false, updatedAt: at }).where(and(eq(paymentLinks.subscriptionId, sub.id), eq(paymentLinks.isActive, true)));
      // Committed with the payment, before the push: the customer can also pay from the hosted checkout.
      const due = subscriptionPaymentDueResource(sub, plan, charge, payment);
      await emitEvent(tx, { merchantId: sub.merchantId, applicationId: sub.applicationId, mode: sub.mode, type: "subscription.payment_due", object: due, at });
      texts.push({ subscription: sub, merchantName: merchant.name, due });
      claimed.push(payment.id);
    }
    // The subscribers' texts, in the same transaction as their events (lib/notifications/subscription-due-sms.ts).
    await textSubscriptionPaymentsDue(tx, texts);
    return claimed;
  });
}

/** Cycle collections created but never pushed (a crash between the claim and the push): pushed now. */
async function strandedCollections(db: Database, scope: JobScope): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(billingCharges)
    .innerJoin(payments, eq(payments.id, billingCharges.paymentId))
    .where(
      and(
        eq(billingCharges.status, "PROCESSING"),
        eq(billingCharges.source, "cycle"),
        eq(payments.status, "PENDING"),
        isNull(payments.initiatedAt),
        scope.merchantId ? eq(billingCharges.merchantId, scope.merchantId) : undefined,
      ),
    )
    .limit(BATCH);
  return rows.map((r) => r.id);
}

async function push(db: Database, paymentIds: string[]) {
  for (const id of paymentIds) {
    try {
      // The simulator answers at once, so its outcome (and the subscription's) settles here.
      await initiatePayment(db, id);
    } catch (error) {
      log("error", "billing collection could not be pushed", { payment_id: id, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * The billing cycle (embedded runner, Inngest cron and the sandbox clock advance all call this):
 * every due subscription gets one collection for its current period, announced to the merchant
 * (subscription.payment_due, with the payment's hosted checkout) and pushed to the customer's
 * phone through the operator adapter. Passes repeat while collections settle at once and the next
 * period is already due (a test clock moved weeks ahead), up to MAX_PASSES.
 */
export async function runBillingCycle(db: Database, scope: JobScope = {}): Promise<{ collections: number }> {
  await push(db, await strandedCollections(db, scope));
  let collections = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const claimed = await claimDue(db, scope, BATCH);
    if (claimed.length === 0) break;
    await push(db, claimed);
    collections += claimed.length;
  }
  return { collections };
}
