import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as checkoutLink } from "@/app/v1/payment-links/[slug]/checkout/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { GET as readLinkById } from "@/app/v1/payment-links/by-id/[id]/route";
import { db } from "@/db/client";
import { billingCharges, events, payments, subscriptions } from "@/db/schema";
import { runBillingCycle } from "@/lib/billing/cycle";
import { initiatePayment } from "@/lib/payments/initiate";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { GET as listCustomers } from "./customers/route";
import { DELETE as deletePlanRoute, GET as getPlanRoute, PATCH as patchPlan } from "./plans/[id]/route";
import { GET as listPlans, POST as createPlanRoute } from "./plans/route";
import { DELETE as cancelRoute, GET as getSubRoute } from "./subscriptions/[id]/route";
import { GET as listSubs, POST as createSubRoute } from "./subscriptions/route";
import { POST as withPaymentRoute } from "./subscriptions/with-payment/route";

const weekly = { name: "Panier légumes", amount: 5_000, interval: "WEEKLY" };
const plan = (key: string, body: unknown = weekly) => call(createPlanRoute, "POST", "/v1/billing/plans", { key, body });
const planOf = async (key: string, body: unknown = weekly) => (await plan(key, body)).body.data;
const subscribe = (key: string, body: unknown) => call(createSubRoute, "POST", "/v1/billing/subscriptions", { key, body });
const subOf = async (key: string, body: unknown) => {
  const res = await subscribe(key, body);
  expect(res.status).toBe(201);
  return res.body.data;
};
const eventTypes = async (objectId: string) => (await db().select().from(events).where(eq(events.objectId, objectId)).orderBy(events.id)).map((e) => e.type);
const paymentsFor = (subId: string) => db().select().from(payments).where(eq(payments.purposeRef, subId)).orderBy(payments.createdAt);

describe("plans", () => {
  it("creates an active plan with no subscribers", async () => {
    const m = await newMerchant();
    const res = await plan(m.testKey, { ...weekly, description: "Chaque lundi" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Panier légumes", description: "Chaque lundi", amount: 5_000, currency: "XOF", interval: "WEEKLY", is_active: true, subscriber_count: 0, livemode: false });
    expect(res.body.data.id).toMatch(/^plan_/);
    expect((await plan(m.testKey, { name: "Mensuel", amount: 100, interval: "MONTHLY" })).status).toBe(201);
    expect((await plan(m.testKey, { name: "Max", amount: 5_000_000, interval: "MONTHLY" })).status).toBe(201);
  });

  it.each([
    [{ interval: "DAILY" }, "INVALID_INTERVAL"],
    [{ interval: "weekly" }, "INVALID_INTERVAL"],
    [{ interval: undefined }, "INVALID_INTERVAL"],
    [{ amount: 99 }, "INVALID_AMOUNT"],
    [{ amount: 5_000_001 }, "INVALID_AMOUNT"],
    [{ amount: 1_000.5 }, "INVALID_AMOUNT"],
    [{ amount: undefined }, "INVALID_AMOUNT"],
    [{ name: undefined }, "MISSING_FIELD"],
  ])("refuses %j with 400 %s", async (patch, code) => {
    const m = await newMerchant();
    const res = await plan(m.testKey, { ...weekly, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect((await call(listPlans, "GET", "/v1/billing/plans", { key: m.testKey })).body.data).toHaveLength(0);
  });

  it("lists plans as an array and counts ACTIVE and PAST_DUE subscribers only", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000009" });
    await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000002" });
    const gone = await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000011" });
    await call(cancelRoute, "DELETE", "/", { key: m.testKey, params: { id: gone.id } });
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    expect((await db().select().from(subscriptions).where(eq(subscriptions.customerPhone, "+22370000002")))[0].status).toBe("PAST_DUE");
    const res = await call(listPlans, "GET", "/v1/billing/plans", { key: m.testKey });
    expect(res.body.data).toEqual([expect.objectContaining({ id: p.id, subscriber_count: 2 })]);
    expect((await call(getPlanRoute, "GET", "/", { key: m.testKey, params: { id: p.id } })).body.data.subscriber_count).toBe(2);
  });

  it("PATCHes name, description, amount and is_active; refuses an interval change", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const res = await call(patchPlan, "PATCH", "/", { key: m.testKey, params: { id: p.id }, body: { name: "Grand panier", description: null, amount: 7_500, is_active: false } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Grand panier", description: null, amount: 7_500, is_active: false, interval: "WEEKLY" });
    const bad = await call(patchPlan, "PATCH", "/", { key: m.testKey, params: { id: p.id }, body: { interval: "MONTHLY" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("PLAN_INTERVAL_IMMUTABLE");
    expect((await call(patchPlan, "PATCH", "/", { key: m.testKey, params: { id: p.id }, body: { amount: 99 } })).body.error.code).toBe("INVALID_AMOUNT");
  });

  it("bills a new amount from the next period on", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const sub = await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000001" });
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    await call(patchPlan, "PATCH", "/", { key: m.testKey, params: { id: p.id }, body: { amount: 6_000 } });
    await db().update(subscriptions).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, sub.id));
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    expect((await paymentsFor(sub.id)).map((x) => x.amount)).toEqual([5_000, 6_000]);
  });

  it("DELETE deactivates a plan with subscribers and deletes one without, saying which", async () => {
    const m = await newMerchant();
    const used = await planOf(m.testKey);
    await subOf(m.testKey, { plan_id: used.id, customer_phone: "+22370000009" });
    const res = await call(deletePlanRoute, "DELETE", "/", { key: m.testKey, params: { id: used.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: used.id, action: "deactivated", deleted: false, deactivated: true, plan: { is_active: false, subscriber_count: 1 } });
    expect(res.body.message).toContain("deactivated");

    const unused = await planOf(m.testKey);
    const onlyCancelled = await planOf(m.testKey);
    const s = await subOf(m.testKey, { plan_id: onlyCancelled.id, customer_phone: "+22370000009" });
    await call(cancelRoute, "DELETE", "/", { key: m.testKey, params: { id: s.id } });
    for (const p of [unused, onlyCancelled]) {
      const del = await call(deletePlanRoute, "DELETE", "/", { key: m.testKey, params: { id: p.id } });
      expect(del.body.data).toEqual({ id: p.id, action: "deleted", deleted: true, deactivated: false, plan: null });
      expect((await call(getPlanRoute, "GET", "/", { key: m.testKey, params: { id: p.id } })).body.error.code).toBe("PLAN_NOT_FOUND");
      expect((await call(deletePlanRoute, "DELETE", "/", { key: m.testKey, params: { id: p.id } })).status).toBe(404);
    }
    expect((await call(listPlans, "GET", "/v1/billing/plans", { key: m.testKey })).body.data.map((p: { id: string }) => p.id)).toEqual([used.id]);
    // The cancelled subscription still reads with its plan's name.
    expect((await call(getSubRoute, "GET", "/", { key: m.testKey, params: { id: s.id } })).body.data.plan_name).toBe("Panier légumes");
  });

  it("keeps plans to their merchant and mode", async () => {
    const m = await newLiveMerchant();
    const other = await newMerchant();
    const p = await planOf(m.testKey);
    for (const key of [other.testKey, m.liveKey]) {
      expect((await call(patchPlan, "PATCH", "/", { key, params: { id: p.id }, body: { name: "x" } })).status).toBe(404);
      expect((await call(deletePlanRoute, "DELETE", "/", { key, params: { id: p.id } })).status).toBe(404);
      const sub = await subscribe(key, { plan_id: p.id, customer_phone: "+22370000009" });
      expect(sub.status).toBe(404);
      expect(sub.body.error.code).toBe("PLAN_NOT_FOUND");
    }
  });
});

describe("subscriptions", () => {
  it("creates an ACTIVE subscription billed from its start date, with subscription.created", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const res = await subscribe(m.testKey, { plan_id: p.id, customer_phone: "+22370000009", metadata: { order: "A1" } });
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(s).toMatchObject({ plan_id: p.id, plan_name: "Panier légumes", customer_phone: "+22370000009", status: "ACTIVE", retry_count: 0, amount: 5_000, interval: "WEEKLY", next_retry_at: null, metadata: { order: "A1" } });
    expect(s.id).toMatch(/^sub_/);
    expect(s.next_billing_date).toBe(s.created_at);
    expect(await eventTypes(s.id)).toEqual(["subscription.created"]);

    const later = new Date(Date.now() + 10 * 86_400_000).toISOString();
    expect((await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000009", start_date: later })).next_billing_date).toBe(later);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000009", start_date: tomorrow })).next_billing_date).toBe(`${tomorrow}T00:00:00.000Z`);
    expect((await subscribe(m.testKey, { plan_id: p.id, customer_phone: "+22370000009", start_date: "2099-01-01" })).body.error.code).toBe("INVALID_START_DATE");
  });

  it.each([
    [{ plan_id: "plan_nope" }, 404, "PLAN_NOT_FOUND"],
    [{ customer_phone: undefined }, 400, "MISSING_PHONE"],
    [{ customer_phone: "7000000" }, 400, "INVALID_PHONE"],
    [{ customer_phone: "+1234567890123456" }, 400, "INVALID_PHONE"],
    [{ customer_phone: "+223 70 00 00 0" }, 400, "INVALID_PHONE"],
    [{ customer_phone: "070000009" }, 400, "INVALID_PHONE"],
    [{ start_date: "demain" }, 400, "INVALID_START_DATE"],
    [{ start_date: new Date(Date.now() - 2 * 86_400_000).toISOString() }, 400, "INVALID_START_DATE"],
    [{ start_date: new Date(Date.now() + 367 * 86_400_000).toISOString() }, 400, "INVALID_START_DATE"],
    [{ customer_email: "pas-un-email" }, 400, "INVALID_EMAIL"],
  ])("refuses %j with %i %s", async (patch, status, code) => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const res = await subscribe(m.testKey, { plan_id: p.id, customer_phone: "+22370000009", ...patch });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.merchantId, m.merchant.id))).toHaveLength(0);
  });

  it("refuses an inactive plan with 400 PLAN_INACTIVE", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    await call(patchPlan, "PATCH", "/", { key: m.testKey, params: { id: p.id }, body: { is_active: false } });
    const res = await subscribe(m.testKey, { plan_id: p.id, customer_phone: "+22370000009" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("PLAN_INACTIVE");
    expect((await call(withPaymentRoute, "POST", "/", { key: m.testKey, body: { plan_id: p.id, customer_phone: "+22370000009" } })).body.error.code).toBe("PLAN_INACTIVE");
  });

  it("normalises phones: 8 bare digits are Malian, so one customer whatever the spelling", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const a = await subOf(m.testKey, { plan_id: p.id, customer_phone: "70000009" });
    const b = await subOf(m.testKey, { plan_id: p.id, customer_phone: "22370000009" });
    const c = await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000009" });
    // Spaces, dots, dashes and 00 are read by lib/phone too (they used to be refused here).
    const d = await subOf(m.testKey, { plan_id: p.id, customer_phone: "+223 70 00 00 09" });
    const e = await subOf(m.testKey, { plan_id: p.id, customer_phone: "70.00.00.09" });
    const f = await subOf(m.testKey, { plan_id: p.id, customer_phone: "0022370000009" });
    const all = [a, b, c, d, e, f];
    expect(all.map((x) => x.customer_phone)).toEqual(Array(6).fill("+22370000009"));
    expect(new Set(all.map((x) => x.customer_id)).size).toBe(1);
  });

  it("lists with status, plan_id and customer_phone filters and pagination", async () => {
    const m = await newMerchant();
    const p1 = await planOf(m.testKey);
    const p2 = await planOf(m.testKey, { name: "Mensuel", amount: 20_000, interval: "MONTHLY" });
    const a = await subOf(m.testKey, { plan_id: p1.id, customer_phone: "+22370000009" });
    const b = await subOf(m.testKey, { plan_id: p2.id, customer_phone: "+22370000010" });
    const c = await subOf(m.testKey, { plan_id: p2.id, customer_phone: "+22370000009" });
    await call(cancelRoute, "DELETE", "/", { key: m.testKey, params: { id: b.id } });
    const get = async (q: string) => (await call(listSubs, "GET", `/v1/billing/subscriptions?${q}`, { key: m.testKey })).body;
    const ids = (body: { data: { id: string }[] }) => body.data.map((s) => s.id);
    expect(ids(await get(""))).toEqual([c.id, b.id, a.id]);
    expect((await get("")).pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });
    expect(ids(await get("status=CANCELLED"))).toEqual([b.id]);
    expect(ids(await get("status=ACTIVE"))).toEqual([c.id, a.id]);
    expect(ids(await get(`plan_id=${p2.id}`))).toEqual([c.id, b.id]);
    expect(ids(await get("customer_phone=%2B22370000009"))).toEqual([c.id, a.id]);
    expect(ids(await get("customer_phone=70000009"))).toEqual([c.id, a.id]);
    const page = await get("limit=1&page=3");
    expect(ids(page)).toEqual([a.id]);
    expect(page.pagination).toEqual({ page: 3, limit: 1, total: 3, pages: 3 });
    expect((await call(listSubs, "GET", "/v1/billing/subscriptions?status=PAUSED", { key: m.testKey })).status).toBe(400);
    expect((await call(listSubs, "GET", "/v1/billing/subscriptions?limit=101", { key: m.testKey })).status).toBe(400);
  });

  it("cancels once: CANCELLED, idempotent, one event, never charged again", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const s = await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000001" });
    const first = await call(cancelRoute, "DELETE", "/", { key: m.testKey, params: { id: s.id } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: "CANCELLED", cancel_reason: "requested" });
    const again = await call(cancelRoute, "DELETE", "/", { key: m.testKey, params: { id: s.id } });
    expect(again.body.data).toEqual(first.body.data);
    expect(await eventTypes(s.id)).toEqual(["subscription.created", "subscription.cancelled"]);
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    await db().update(subscriptions).set({ nextAttemptAt: new Date(0) }).where(eq(subscriptions.id, s.id));
    await runBillingCycle(db(), {});
    expect(await paymentsFor(s.id)).toHaveLength(0);
    const other = await newMerchant();
    expect((await call(cancelRoute, "DELETE", "/", { key: other.testKey, params: { id: s.id } })).body.error.code).toBe("SUBSCRIPTION_NOT_FOUND");
  });

  it("cancels concurrently exactly once", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const s = await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000001" });
    const results = await Promise.all(Array.from({ length: 5 }, () => call(cancelRoute, "DELETE", "/", { key: m.testKey, params: { id: s.id } })));
    expect(results.every((r) => r.status === 200 && r.body.data.status === "CANCELLED")).toBe(true);
    expect((await eventTypes(s.id)).filter((t) => t === "subscription.cancelled")).toHaveLength(1);
  });
});

describe("POST /v1/billing/subscriptions/with-payment", () => {
  const withPayment = (key: string, body: unknown) => call(withPaymentRoute, "POST", "/v1/billing/subscriptions/with-payment", { key, body });
  const payLink = (slug: string, phone: string) =>
    call(checkoutLink, "POST", "/", { params: { slug }, body: { customer_phone: phone }, headers: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250)}` } });

  it("answers the subscription and a FIXED link for the plan amount, tied to it", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const res = await withPayment(m.testKey, { plan_id: p.id, customer_phone: "+22370000009", redirect_url: "https://club.example.ml/bienvenue", metadata: { member: 7 } });
    expect(res.status).toBe(201);
    const { subscription, payment_link } = res.body.data;
    expect(subscription).toMatchObject({ status: "ACTIVE", plan_id: p.id, metadata: { member: 7 } });
    expect(Object.keys(payment_link).sort()).toEqual(["amount", "id", "slug", "url"]);
    expect(payment_link.amount).toBe(5_000);
    const link = (await call(readLinkById, "GET", "/", { key: m.testKey, params: { id: payment_link.id } })).body.data;
    expect(link).toMatchObject({ mode: "FIXED", amount: 5_000, subscription_id: subscription.id, success_redirect_url: "https://club.example.ml/bienvenue", is_active: true, url: payment_link.url });
    const bad = await withPayment(m.testKey, { plan_id: p.id, customer_phone: "+22370000009", redirect_url: "http://club.example.ml" });
    expect(bad.body.error.code).toBe("INVALID_REDIRECT_URL");
    expect((await withPayment(m.testKey, { plan_id: "plan_x", customer_phone: "+22370000009" })).status).toBe(404);
  });

  it("paying the link pays the first period: renewed, next date one interval on, link closed; the cycle does not charge it again", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const { subscription, payment_link } = (await withPayment(m.testKey, { plan_id: p.id, customer_phone: "+22370000009" })).body.data;
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    expect(await paymentsFor(subscription.id)).toHaveLength(0);
    const started = await payLink(payment_link.slug, "+22370000001");
    expect(started.status).toBe(201);
    // A second checkout while the first is waiting resumes it rather than opening another.
    expect((await payLink(payment_link.slug, "+22370000001")).body.data.payment_id).toBe(started.body.data.payment_id);
    await initiatePayment(db(), started.body.data.payment_id);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row.status).toBe("ACTIVE");
    expect(row.nextBillingDate.toISOString()).toBe(new Date(new Date(subscription.next_billing_date).getTime() + 7 * 86_400_000).toISOString());
    expect(await eventTypes(subscription.id)).toEqual(["subscription.created", "subscription.renewed"]);
    const link = (await call(readLinkById, "GET", "/", { key: m.testKey, params: { id: payment_link.id } })).body.data;
    expect(link).toMatchObject({ is_active: false, total_collected: 5_000, payment_count: 1 });
    expect((await payLink(payment_link.slug, "+22370000001")).body.error.code).toBe("LINK_INACTIVE");
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const [charge] = await db().select().from(billingCharges).where(eq(billingCharges.subscriptionId, subscription.id));
    expect(charge).toMatchObject({ status: "PAID", paymentId: started.body.data.payment_id });
  });

  it("concurrent checkouts of a first-payment link open one payment", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const { subscription, payment_link } = (await withPayment(m.testKey, { plan_id: p.id, customer_phone: "+22370000009" })).body.data;
    const results = await Promise.all(Array.from({ length: 4 }, () => payLink(payment_link.slug, "+22370000009")));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.payment_id)).size).toBe(1);
    expect(await db().select().from(payments).where(eq(payments.purposeRef, payment_link.id))).toHaveLength(1);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(row.pendingPaymentId).toBe(results[0].body.data.payment_id);
  });

  it("a declined link payment leaves the period to the link; unpaid after a day, the cycle collects it by push and closes the link", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const { subscription, payment_link } = (await withPayment(m.testKey, { plan_id: p.id, customer_phone: "+22370000001" })).body.data;
    const declined = await payLink(payment_link.slug, "+22370000002");
    await initiatePayment(db(), declined.body.data.payment_id);
    const [s1] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(s1).toMatchObject({ status: "ACTIVE", retryCount: 0, pendingPaymentId: null });
    expect((await db().select().from(billingCharges).where(eq(billingCharges.subscriptionId, subscription.id)))[0].status).toBe("AWAITING_PAYMENT");
    await db().update(subscriptions).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, subscription.id));
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const pays = await paymentsFor(subscription.id);
    expect(pays.map((x) => [x.purpose, x.status, x.customerPhone])).toEqual([["subscription", "SUCCESS", "+22370000001"]]);
    expect((await call(readLinkById, "GET", "/", { key: m.testKey, params: { id: payment_link.id } })).body.data.is_active).toBe(false);
  });

  it("cancelling the subscription closes its link", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    const { subscription, payment_link } = (await withPayment(m.testKey, { plan_id: p.id, customer_phone: "+22370000001" })).body.data;
    await call(cancelRoute, "DELETE", "/", { key: m.testKey, params: { id: subscription.id } });
    expect((await payLink(payment_link.slug, "+22370000001")).body.error.code).toBe("LINK_INACTIVE");
    const [charge] = await db().select().from(billingCharges).where(and(eq(billingCharges.subscriptionId, subscription.id)));
    expect(charge.status).toBe("UNPAID");
  });
});

describe("GET /v1/billing/customers", () => {
  it("records the payer of a direct API payment as a customer when it settles", async () => {
    const m = await newMerchant();
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: "direct-customer-1",
      body: { amount: 3_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", customer_name: "Oumar", return_url: "https://shop.example.ml/ok" },
    });
    await initiatePayment(db(), created.body.data.id);
    const res = await call(listCustomers, "GET", "/v1/billing/customers", { key: m.testKey });
    expect(res.body.data).toEqual([expect.objectContaining({ phone: "+22370000001", name: "Oumar", subscription_count: 0, total_paid: 3_000 })]);
  });

  it("lists one customer per phone with subscription count and total paid, searchable by phone or name", async () => {
    const m = await newMerchant();
    const p = await planOf(m.testKey);
    await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000001", customer_name: "Awa Traoré", customer_email: "awa@example.ml" });
    await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000001" });
    await subOf(m.testKey, { plan_id: p.id, customer_phone: "+22370000002", customer_name: "Moussa Keïta" });
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    const other = await newMerchant();
    await subOf(other.testKey, { plan_id: (await planOf(other.testKey)).id, customer_phone: "+22370000001" });

    const res = await call(listCustomers, "GET", "/v1/billing/customers", { key: m.testKey });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
    const awa = res.body.data.find((c: { phone: string }) => c.phone === "+22370000001");
    expect(awa).toEqual({ id: expect.stringMatching(/^cus_/), phone: "+22370000001", name: "Awa Traoré", email: "awa@example.ml", created_at: expect.any(String), subscription_count: 2, total_paid: 10_000 });
    expect(res.body.data.find((c: { phone: string }) => c.phone === "+22370000002")).toMatchObject({ subscription_count: 1, total_paid: 0 });
    const search = async (q: string) => (await call(listCustomers, "GET", `/v1/billing/customers?search=${encodeURIComponent(q)}`, { key: m.testKey })).body.data.map((c: { phone: string }) => c.phone);
    expect(await search("keïta")).toEqual(["+22370000002"]);
    expect(await search("0000001")).toEqual(["+22370000001"]);
    const page = (await call(listCustomers, "GET", "/v1/billing/customers?limit=1&page=2", { key: m.testKey })).body;
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toEqual({ page: 2, limit: 1, total: 2, pages: 2 });
  });
});
