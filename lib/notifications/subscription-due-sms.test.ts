import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { POST as simulate } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { events, smsOutbox } from "@/db/schema";
import { runBillingCycle } from "@/lib/billing/cycle";
import { advanceTestClock } from "@/lib/clock";
import { optOutOfSms } from "@/lib/sms/outbox";
import { setDisabledSmsUses } from "@/lib/sms/uses";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

// The simulator keeps a payment to this number PENDING: the period stays due until we settle it.
const PHONE = "+22376000003";

async function subscribed(name = "Boutique Awa") {
  const m = await newMerchant({ name });
  const plan = (await call(createPlan, "POST", "/v1/billing/plans", { key: m.testKey, body: { name: "Box hebdo", amount: 4_000, interval: "WEEKLY" } })).body.data;
  const created = await call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.testKey, body: { plan_id: plan.id, customer_phone: PHONE } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { m, sub: created.body.data as { id: string } };
}

/** What subscription.payment_due said, per event, oldest first. */
const dueEvents = async (subscriptionId: string) =>
  (await db().select({ payload: events.payload }).from(events).where(and(eq(events.objectId, subscriptionId), eq(events.type, "subscription.payment_due"))).orderBy(events.id)).map(
    (e) => e.payload.data.object as { payment_id: string; payment_url: string; amount_due: number },
  );

const dueMessages = (merchantId: string) =>
  db()
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.merchantId, merchantId), like(smsOutbox.dedupeKey, "subscription-due:%")))
    .orderBy(smsOutbox.createdAt);

describe("subscription.payment_due by text message", () => {
  it("goes to the subscriber with the amount and the period's checkout link, the one the event carries, once per payment", async () => {
    const { m, sub } = await subscribed();
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const [due] = await dueEvents(sub.id);
    const [sms, ...more] = await dueMessages(m.merchant.id);
    expect(more).toEqual([]);
    expect(sms).toMatchObject({
      dedupeKey: `subscription-due:${due.payment_id}`,
      to: PHONE,
      mode: "test",
      locale: "fr",
      template: "subscription_payment_due",
      status: "PENDING",
      encoding: "gsm7",
      segments: 1,
      urgent: false,
    });
    expect(sms.text).toBe(`Boutique Awa : votre abonnement, 4 000 FCFA à payer. Payez ici : ${due.payment_url}`);

    // The cycle run again finds nothing due: no second message.
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    expect(await dueMessages(m.merchant.id)).toHaveLength(1);
  });

  it("is sent again for the next period, with that period's own payment", async () => {
    const { m, sub } = await subscribed();
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const [first] = await dueEvents(sub.id);
    const paid = await call(simulate, "POST", `/v1/sandbox/payments/${first.payment_id}/simulate`, { key: m.testKey, params: { id: first.payment_id }, body: { outcome: "SUCCESS" } });
    expect(paid.status).toBe(200);
    await advanceTestClock(db(), m.merchant.id, 7 * 86_400);
    await runBillingCycle(db(), { merchantId: m.merchant.id });

    const dues = await dueEvents(sub.id);
    expect(dues).toHaveLength(2);
    const messages = await dueMessages(m.merchant.id);
    expect(messages.map((s) => s.dedupeKey)).toEqual(dues.map((d) => `subscription-due:${d.payment_id}`));
    expect(messages[1].text).toContain(dues[1].payment_url);
  });

  it("is sent once per payment when two cycle runners race over one customer's subscriptions", async () => {
    const { m } = await subscribed();
    const plan = (await call(createPlan, "POST", "/v1/billing/plans", { key: m.testKey, body: { name: "Box mensuelle", amount: 9_000, interval: "MONTHLY" } })).body.data;
    for (let i = 0; i < 3; i++) expect((await call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.testKey, body: { plan_id: plan.id, customer_phone: PHONE } })).status).toBe(201);
    const runs = await Promise.all([runBillingCycle(db(), { merchantId: m.merchant.id }), runBillingCycle(db(), { merchantId: m.merchant.id })]);
    expect(runs[0].collections + runs[1].collections).toBe(4);
    const messages = await dueMessages(m.merchant.id);
    expect(messages).toHaveLength(4);
    expect(new Set(messages.map((s) => s.dedupeKey)).size).toBe(4);
  });

  it("is not sent when the merchant turned this use off; the event still is", async () => {
    const { m, sub } = await subscribed();
    await setDisabledSmsUses(db(), m.merchant.id, ["subscription_payment_due"]);
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    expect(await dueEvents(sub.id)).toHaveLength(1);
    expect(await dueMessages(m.merchant.id)).toEqual([]);
  });

  it("is kept SUPPRESSED for a subscriber who asked the merchant to stop", async () => {
    const { m } = await subscribed();
    await optOutOfSms(db(), m.merchant.id, PHONE);
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const [sms] = await dueMessages(m.merchant.id);
    expect(sms).toMatchObject({ status: "SUPPRESSED", suppressedReason: "opted_out" });
  });
});
