import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { POST as simulate } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { billingCharges, events, payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { checkoutView } from "@/lib/payments/checkout";
import { deliverDue } from "@/lib/webhooks/deliver";
import type { DeliveryPolicy } from "@/lib/webhooks/policy";
import { endpointFor, merchantContext, startReceiver } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";
import { runBillingCycle } from "@/lib/billing/cycle";

const policy: DeliveryPolicy = { schedule: [0, 50], timeoutMs: 2_000, allowPrivateTargets: true };
const WEEK_SECONDS = 7 * 86_400;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A merchant with a WEEKLY subscription whose customer approves nothing on their own (the number keeps payments PENDING), and a receiver of subscription.payment_due. */
async function setup() {
  const r = await startReceiver();
  cleanups.push(r.close);
  const m = await merchantContext();
  const endpoint = await endpointFor(m.ctx, r.url, { enabled_events: ["subscription.payment_due"] });
  const plan = (await call(createPlan, "POST", "/v1/billing/plans", { key: m.testKey, body: { name: "Box hebdo", amount: 4_000, interval: "WEEKLY" } })).body.data;
  const created = await call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.testKey, body: { plan_id: plan.id, customer_phone: "+22376000003", metadata: { order_id: "ABO-77" } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { r, m, endpoint, sub: created.body.data };
}

/** Runs the cycle and delivers what it emitted; returns the deliveries received since `from`. */
async function cycle(m: Awaited<ReturnType<typeof setup>>["m"], r: Awaited<ReturnType<typeof setup>>["r"], from: number) {
  await runBillingCycle(db(), { merchantId: m.merchant.id });
  await deliverDue(db(), { merchantId: m.merchant.id, policy });
  return r.received.slice(from);
}

describe("subscription.payment_due", () => {
  it("is delivered when the cycle bills a period, with a payment_url that opens the hosted checkout of that period's PENDING payment", async () => {
    const { r, m, endpoint, sub } = await setup();
    const [got, ...more] = await cycle(m, r, 0);
    expect(more).toEqual([]);
    const event = new Webhook(endpoint.secret).verify(got.body, got.headers) as Record<string, any>;
    expect(event).toMatchObject({ type: "subscription.payment_due", event: "subscription.payment_due", version: "v1" });
    expect(event.data).toMatchObject({ id: sub.id, status: "ACTIVE", customer_phone: "+22376000003", metadata: { order_id: "ABO-77" }, amount_due: 4_000, period_start: sub.next_billing_date });

    // The URL's path is the hosted checkout of the payment named beside it.
    const url = new URL(event.data.payment_url);
    const [, page, paymentId] = url.pathname.split("/");
    expect([page, paymentId]).toEqual(["checkout", event.data.payment_id]);
    const view = await checkoutView(db(), paymentId);
    expect(view.payment).toMatchObject({ id: paymentId, status: "PENDING", amount: 4_000 });
    expect(view.payment.expires_at).toBe(event.data.payment_expires_at);
    const publicRead = await call(getPayment, "GET", `/v1/payments/${paymentId}`, { params: { id: paymentId } });
    expect(publicRead.body.data).toMatchObject({ id: paymentId, status: "PENDING" });

    // It is the collection of that period, pushed to the phone as well.
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ purpose: "subscription", purposeRef: sub.id, status: "PENDING" });
    expect(payment.initiatedAt).not.toBeNull();
    const [charge] = await db().select().from(billingCharges).where(and(eq(billingCharges.subscriptionId, sub.id), eq(billingCharges.periodStart, new Date(sub.next_billing_date))));
    expect(charge.paymentId).toBe(paymentId);
  });

  it("is emitted again for each renewal, with that period's own payment", async () => {
    const { r, m, sub } = await setup();
    const [first] = await cycle(m, r, 0);
    const firstData = JSON.parse(first.body).data;
    const paid = await call(simulate, "POST", `/v1/sandbox/payments/${firstData.payment_id}/simulate`, { key: m.testKey, params: { id: firstData.payment_id }, body: { outcome: "SUCCESS" } });
    expect(paid.status).toBe(200);
    // Nothing is due until the next period starts.
    expect(await cycle(m, r, 1)).toEqual([]);

    await advanceTestClock(db(), m.merchant.id, WEEK_SECONDS);
    const [renewal] = await cycle(m, r, 1);
    const data = JSON.parse(renewal.body).data;
    expect(data.period_start).toBe(new Date(new Date(sub.next_billing_date).getTime() + WEEK_SECONDS * 1000).toISOString());
    expect(data.payment_id).not.toBe(firstData.payment_id);
    expect(new URL(data.payment_url).pathname).toBe(`/checkout/${data.payment_id}`);
    expect((await checkoutView(db(), data.payment_id)).payment.status).toBe("PENDING");

    const types = (await db().select({ type: events.type }).from(events).where(eq(events.objectId, sub.id)).orderBy(events.id)).map((e) => e.type);
    expect(types).toEqual(["subscription.created", "subscription.payment_due", "subscription.renewed", "subscription.payment_due"]);
  });
});
