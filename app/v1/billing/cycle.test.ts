import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { GET as getSub } from "@/app/v1/billing/subscriptions/[id]/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { POST as advance } from "@/app/v1/sandbox/clock/advance/route";
import { db } from "@/db/client";
import { billingCharges, events, payments, subscriptions } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { settlePayment } from "@/lib/payments/settle";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { updateMerchant } from "@/lib/platform/merchants";
import { runBillingCycle } from "@/lib/billing/cycle";

const DAY = 86_400;
const planFor = async (key: string, interval: "WEEKLY" | "MONTHLY" = "WEEKLY", amount = 5_000) =>
  (await call(createPlan, "POST", "/v1/billing/plans", { key, body: { name: `Plan ${interval}`, amount, interval } })).body.data;
const subFor = async (key: string, planId: string, phone: string) => {
  const res = await call(subscribe, "POST", "/v1/billing/subscriptions", { key, body: { plan_id: planId, customer_phone: phone } });
  expect(res.status).toBe(201);
  return res.body.data;
};
const read = async (key: string, id: string) => (await call(getSub, "GET", "/", { key, params: { id } })).body.data;
const advanceBy = async (key: string, seconds: number) => {
  const res = await call(advance, "POST", "/v1/sandbox/clock/advance", { key, body: { seconds } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const paymentsFor = (subId: string) => db().select().from(payments).where(eq(payments.purposeRef, subId)).orderBy(payments.createdAt, payments.id);
const eventTypes = async (subId: string) => (await db().select().from(events).where(eq(events.objectId, subId)).orderBy(events.id)).map((e) => e.type);
const plusDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY * 1000).toISOString();

/** A merchant with one subscription whose first period the cycle has already collected (as the runner does within seconds). */
async function started(phone: string, interval: "WEEKLY" | "MONTHLY" = "WEEKLY") {
  const m = await newMerchant();
  const plan = await planFor(m.testKey, interval);
  const sub = await subFor(m.testKey, plan.id, phone);
  await runBillingCycle(db(), { merchantId: m.merchant.id });
  return { m, plan, sub };
}

describe("renewals", () => {
  it("collects the first period on its start date and advances next_billing_date by 7 days", async () => {
    const { m, sub } = await started("+22370000001");
    const after = await read(m.testKey, sub.id);
    expect(after).toMatchObject({ status: "ACTIVE", retry_count: 0, next_billing_date: plusDays(sub.next_billing_date, 7) });
    const pays = await paymentsFor(sub.id);
    expect(pays.map((p) => [p.status, p.amount, p.purpose, p.customerPhone])).toEqual([["SUCCESS", 5_000, "subscription", "+22370000001"]]);
    expect(await eventTypes(sub.id)).toEqual(["subscription.created", "subscription.payment_due", "subscription.renewed"]);
    // Nothing more is due: running again charges nothing.
    expect(await runBillingCycle(db(), { merchantId: m.merchant.id })).toEqual({ collections: 0 });
  });

  it("advancing the sandbox clock by 7 days renews a WEEKLY subscription during the advance call", async () => {
    const { m, sub } = await started("+22370000001");
    await advanceBy(m.testKey, 7 * DAY - 60);
    expect((await paymentsFor(sub.id)).length).toBe(1);
    await advanceBy(m.testKey, 60);
    const after = await read(m.testKey, sub.id);
    expect(after).toMatchObject({ status: "ACTIVE", retry_count: 0, next_billing_date: plusDays(sub.next_billing_date, 14) });
    expect((await paymentsFor(sub.id)).map((p) => p.status)).toEqual(["SUCCESS", "SUCCESS"]);
    expect(await eventTypes(sub.id)).toEqual(["subscription.created", "subscription.payment_due", "subscription.renewed", "subscription.payment_due", "subscription.renewed"]);
  });

  it("catches up every period a long advance passes over, each charged once", async () => {
    const { m, sub } = await started("+22370000001");
    await advanceBy(m.testKey, 30 * DAY);
    // Periods starting at +7, +14, +21 and +28 days came due.
    expect((await paymentsFor(sub.id)).map((p) => p.status)).toEqual(Array(5).fill("SUCCESS"));
    expect((await read(m.testKey, sub.id)).next_billing_date).toBe(plusDays(sub.next_billing_date, 35));
    const periods = await db().select().from(billingCharges).where(eq(billingCharges.subscriptionId, sub.id));
    expect(new Set(periods.map((c) => c.periodStart.toISOString())).size).toBe(5);
    expect(periods.every((c) => c.status === "PAID" && c.attempts === 1)).toBe(true);
  });

  it("MONTHLY periods keep the anchor day: Jan 31 → Feb 28 → Mar 31 → Apr 30", async () => {
    const m = await newMerchant();
    const year = new Date().getUTCFullYear() + 1;
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    await advanceTestClock(db(), m.merchant.id, Math.ceil((Date.UTC(year, 0, 31, 10) - Date.now()) / 1000) + 1);
    const plan = await planFor(m.testKey, "MONTHLY");
    const sub = await subFor(m.testKey, plan.id, "+22370000001");
    expect(sub.next_billing_date.slice(0, 13)).toBe(`${year}-01-31T10`);
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const dates = [(await read(m.testKey, sub.id)).next_billing_date.slice(0, 10)];
    for (const days of [leap ? 29 : 28, 31]) {
      await advanceBy(m.testKey, days * DAY);
      dates.push((await read(m.testKey, sub.id)).next_billing_date.slice(0, 10));
    }
    expect(dates).toEqual([`${year}-02-${leap ? 29 : 28}`, `${year}-03-31`, `${year}-04-30`]);
    expect((await paymentsFor(sub.id)).map((p) => p.status)).toEqual(["SUCCESS", "SUCCESS", "SUCCESS"]);
  });
});

describe("failures and retries", () => {
  it("goes PAST_DUE, retries 1, 3 and 5 days after the first failure, then cancels", async () => {
    const { m, sub } = await started("+22370000002");
    const first = (await paymentsFor(sub.id))[0];
    const failedAt = first.settledAt!.toISOString();
    let s = await read(m.testKey, sub.id);
    expect(s).toMatchObject({ status: "PAST_DUE", retry_count: 1, next_billing_date: sub.next_billing_date, next_retry_at: plusDays(failedAt, 1) });
    expect(await eventTypes(sub.id)).toEqual(["subscription.created", "subscription.payment_due", "subscription.payment_failed"]);

    // Not before the retry is due.
    await advanceBy(m.testKey, DAY - 120);
    expect(await paymentsFor(sub.id)).toHaveLength(1);
    await advanceBy(m.testKey, 120);
    s = await read(m.testKey, sub.id);
    expect(s).toMatchObject({ status: "PAST_DUE", retry_count: 2, next_retry_at: plusDays(failedAt, 3) });

    await advanceBy(m.testKey, 2 * DAY);
    s = await read(m.testKey, sub.id);
    expect(s).toMatchObject({ status: "PAST_DUE", retry_count: 3, next_retry_at: plusDays(failedAt, 5) });

    await advanceBy(m.testKey, 2 * DAY);
    s = await read(m.testKey, sub.id);
    expect(s).toMatchObject({ status: "CANCELLED", retry_count: 4, next_retry_at: null, cancel_reason: "payment_failed" });
    expect(await eventTypes(sub.id)).toEqual([
      "subscription.created",
      ...Array(4).fill(["subscription.payment_due", "subscription.payment_failed"]).flat(),
      "subscription.cancelled",
    ]);
    const pays = await paymentsFor(sub.id);
    expect(pays.map((p) => p.status)).toEqual(["FAILED", "FAILED", "FAILED", "FAILED"]);
    // All four attempts were for the same period, on one billing row.
    const periods = await db().select().from(billingCharges).where(eq(billingCharges.subscriptionId, sub.id));
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({ attempts: 4, status: "UNPAID" });

    // Cancelled: never charged again.
    await advanceBy(m.testKey, 30 * DAY);
    expect(await paymentsFor(sub.id)).toHaveLength(4);
  });

  it("a successful retry returns to ACTIVE with retry_count 0, the next period one interval after the unpaid one", async () => {
    const { m, sub } = await started("+22370000003");
    const [pending] = await paymentsFor(sub.id);
    expect(pending.status).toBe("PENDING");
    // A collection in flight is never doubled, however often the cycle runs.
    await Promise.all([runBillingCycle(db(), {}), runBillingCycle(db(), { merchantId: m.merchant.id })]);
    expect(await paymentsFor(sub.id)).toHaveLength(1);
    await settlePayment(db(), pending.id, { status: "FAILED", reason: "declined" });
    expect(await read(m.testKey, sub.id)).toMatchObject({ status: "PAST_DUE", retry_count: 1 });
    await advanceBy(m.testKey, DAY);
    const retry = (await paymentsFor(sub.id))[1];
    expect(retry.status).toBe("PENDING");
    await settlePayment(db(), retry.id, { status: "SUCCESS" });
    expect(await read(m.testKey, sub.id)).toMatchObject({ status: "ACTIVE", retry_count: 0, next_retry_at: null, next_billing_date: plusDays(sub.next_billing_date, 7) });
    expect((await eventTypes(sub.id)).slice(-3)).toEqual(["subscription.payment_failed", "subscription.payment_due", "subscription.renewed"]);
  });

  it("an expired collection counts as a failed attempt", async () => {
    const { m, sub } = await started("+22370000003");
    await advanceBy(m.testKey, 20 * 60);
    expect((await paymentsFor(sub.id)).map((p) => p.status)).toEqual(["EXPIRED"]);
    expect(await read(m.testKey, sub.id)).toMatchObject({ status: "PAST_DUE", retry_count: 1 });
  });

  it("pushes a collection that was created but never pushed (a crash between claim and push)", async () => {
    const m = await newMerchant();
    const plan = await planFor(m.testKey);
    const sub = await subFor(m.testKey, plan.id, "+22370000001");
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    // Simulate the crash: a second period's collection exists, claimed, but the operator never heard of it.
    const [paid] = await paymentsFor(sub.id);
    await db().update(subscriptions).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, sub.id));
    const { insertPeriodPayment, currentCharge, recordAttempt } = await import("@/lib/billing/collect");
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    const charge = await currentCharge(db(), row, 5_000, new Date());
    const { applications } = await import("@/db/schema");
    const [application] = await db().select().from(applications).where(eq(applications.merchantId, m.merchant.id));
    const stranded = await insertPeriodPayment({ db: db(), merchant: m.merchant, application, mode: "test", now: new Date(), source: "job" }, row, charge);
    await recordAttempt(db(), row, charge, stranded, "cycle", new Date());
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const pays = await paymentsFor(sub.id);
    expect(pays.map((p) => [p.id, p.status])).toEqual([[paid.id, "SUCCESS"], [stranded.id, "SUCCESS"]]);
    expect((await read(m.testKey, sub.id)).next_billing_date).toBe(plusDays(sub.next_billing_date, 14));
  });
});

describe("exactly once under concurrency", () => {
  it("several runners at once never charge a period twice", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const plan = await planFor(m.testKey);
    const subs = [];
    for (let i = 0; i < 8; i++) subs.push(await subFor(m.testKey, plan.id, i % 2 ? "+22370000001" : "+22370000002"));
    const otherSub = await subFor(other.testKey, (await planFor(other.testKey)).id, "+22370000001");
    await Promise.all([runBillingCycle(db(), {}), runBillingCycle(db(), {}), runBillingCycle(db(), { merchantId: m.merchant.id }), runBillingCycle(db(), { merchantId: m.merchant.id })]);
    const ids = subs.map((s) => s.id);
    const all = await db().select().from(payments).where(and(eq(payments.purpose, "subscription"), inArray(payments.purposeRef, ids)));
    expect(all).toHaveLength(8);
    expect(new Set(all.map((p) => p.purposeRef)).size).toBe(8);
    // Then the clock moves a week and two advances race: one renewal per subscription.
    await advanceTestClock(db(), m.merchant.id, 7 * DAY);
    await Promise.all([runBillingCycle(db(), { merchantId: m.merchant.id }), runBillingCycle(db(), { merchantId: m.merchant.id }), runBillingCycle(db(), {})]);
    const after = await db().select().from(payments).where(and(eq(payments.purpose, "subscription"), inArray(payments.purposeRef, ids)));
    const perSub = new Map<string, number>();
    for (const p of after) perSub.set(p.purposeRef!, (perSub.get(p.purposeRef!) ?? 0) + 1);
    // Succeeding ones renewed once (2 periods); failing ones went through their 3 retries (days 1, 3, 5 ≤ 7), 4 attempts in all.
    for (const s of subs) expect(perSub.get(s.id)).toBe(s.customer_phone === "+22370000001" ? 2 : 4);
    const statuses = await db().select({ id: subscriptions.id, status: subscriptions.status }).from(subscriptions).where(inArray(subscriptions.id, ids));
    for (const s of statuses) expect(s.status).toBe(subs.find((x) => x.id === s.id).customer_phone === "+22370000001" ? "ACTIVE" : "CANCELLED");
    const cancelled = await db().select().from(events).where(and(inArray(events.objectId, ids), eq(events.type, "subscription.cancelled")));
    expect(cancelled).toHaveLength(4);
    const periods = await db().select().from(billingCharges).where(inArray(billingCharges.subscriptionId, ids));
    expect(periods.filter((c) => c.status === "PAID")).toHaveLength(8);
    // The other merchant's subscription was charged by the unscoped runs only, once.
    expect(await paymentsFor(otherSub.id)).toHaveLength(1);
  });

  it("collects live subscriptions only while the merchant passes the live gates", async () => {
    const m = await newLiveMerchant();
    const plan = await planFor(m.liveKey);
    const sub = await subFor(m.liveKey, plan.id, "+22370000001");
    await updateMerchant(db(), m.merchant.id, { productionEnabled: false });
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    expect(await paymentsFor(sub.id)).toHaveLength(0);
    await updateMerchant(db(), m.merchant.id, { productionEnabled: true });
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const pays = await paymentsFor(sub.id);
    expect(pays.map((p) => [p.mode, p.adapter])).toEqual([["live", "live"]]);
  });

  it("a live renewal over the plan's monthly cap asks nothing of the customer: the attempt fails with the reason and is retried later", async () => {
    const m = await newLiveMerchant({ platformPlan: "starter" });
    const plan = await planFor(m.liveKey, "MONTHLY", 300_000);
    const sub = await subFor(m.liveKey, plan.id, "+22370000001");
    expect(await runBillingCycle(db(), { merchantId: m.merchant.id })).toEqual({ collections: 0 });
    const [attempt] = await paymentsFor(sub.id);
    expect(attempt).toMatchObject({ mode: "live", amount: 300_000, status: "FAILED", initiatedAt: null });
    expect(attempt.statusReason).toContain("cap of 200000 FCFA");
    const after = await read(m.liveKey, sub.id);
    expect(after).toMatchObject({ status: "PAST_DUE", retry_count: 1 });
    // The first retry of the schedule, a day after the failed attempt (lib/billing/outcome.ts).
    expect(Math.abs(new Date(after.next_retry_at).getTime() - (Date.now() + DAY * 1000))).toBeLessThan(60_000);
    // Not due again before its retry: the next run creates nothing.
    expect(await runBillingCycle(db(), { merchantId: m.merchant.id })).toEqual({ collections: 0 });
    expect(await paymentsFor(sub.id)).toHaveLength(1);
  });

  it("a run scoped to one merchant leaves the others' due subscriptions alone", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const subA = await subFor(a.testKey, (await planFor(a.testKey)).id, "+22370000001");
    const subB = await subFor(b.testKey, (await planFor(b.testKey)).id, "+22370000001");
    await runBillingCycle(db(), { merchantId: a.merchant.id });
    expect(await paymentsFor(subA.id)).toHaveLength(1);
    expect(await paymentsFor(subB.id)).toHaveLength(0);
  });
});
