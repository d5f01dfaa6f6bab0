import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { GET as getSub } from "@/app/v1/billing/subscriptions/[id]/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { POST as createSession } from "@/app/v1/portal/sessions/route";
import { db } from "@/db/client";
import { customers, events, payments, portalSessions } from "@/db/schema";
import { runBillingCycle } from "@/lib/billing/cycle";
import { advanceTestClock } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/config";
import { settlePayment } from "@/lib/payments/settle";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { cancelFromPortal, lookupPortalSession, payOverdueFromPortal, portalView, updatePortalProfile } from "@/lib/portal/sessions";

const session = (key: string, body: unknown) => call(createSession, "POST", "/v1/portal/sessions", { key, body });
const tokenOf = (url: string) => url.split("/portal/")[1];

async function setup(phone = "+22370000001") {
  const m = await newMerchant({ name: "Club Sport Bamako" });
  const plan = (await call(createPlan, "POST", "/", { key: m.testKey, body: { name: "Abonnement salle", amount: 10_000, interval: "MONTHLY" } })).body.data;
  const sub = (await call(subscribe, "POST", "/", { key: m.testKey, body: { plan_id: plan.id, customer_phone: phone } })).body.data;
  await runBillingCycle(db(), { merchantId: m.merchant.id });
  const s = (await session(m.testKey, { customer_phone: phone, return_url: "https://club.example.ml/compte" })).body.data;
  return { m, plan, sub, token: tokenOf(s.url), session: s };
}

describe("POST /v1/portal/sessions", () => {
  it("creates a 24-hour session with an unguessable, single-purpose url, and the customer", async () => {
    const m = await newMerchant();
    const res = await session(m.testKey, { customer_phone: "+22370000009", customer_name: "Fatou", customer_email: "fatou@example.ml", return_url: "https://shop.example.ml/compte" });
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d.id).toMatch(/^ps_/);
    expect(d.customer_id).toMatch(/^cus_/);
    expect(d.url).toMatch(new RegExp(`^${publicBaseUrl()}/portal/[0-9A-Za-z]{43}$`));
    expect(new Date(d.expires_at).getTime() - new Date(d.created_at).getTime()).toBe(24 * 3_600_000);
    const [c] = await db().select().from(customers).where(eq(customers.id, d.customer_id));
    expect(c).toMatchObject({ phone: "+22370000009", name: "Fatou", email: "fatou@example.ml" });
    // Only a hash of the token is stored.
    const [row] = await db().select().from(portalSessions).where(eq(portalSessions.id, d.id));
    expect(JSON.stringify(row)).not.toContain(tokenOf(d.url));
    // The same phone is the same customer; a second session is a different url.
    const again = (await session(m.testKey, { customer_phone: "70000009" })).body.data;
    expect(again.customer_id).toBe(d.customer_id);
    expect(again.url).not.toBe(d.url);
  });

  it.each([
    [{}, "MISSING_PHONE"],
    [{ customer_phone: "1234567" }, "INVALID_PHONE"],
    [{ customer_phone: "+1234567890123456" }, "INVALID_PHONE"],
    [{ customer_phone: "+22370000009", customer_email: "fatou@" }, "INVALID_EMAIL"],
    [{ customer_phone: "+22370000009", return_url: "pas une url" }, "INVALID_RETURN_URL"],
    [{ customer_phone: "+22370000009", return_url: "javascript:alert(1)" }, "INVALID_RETURN_URL"],
  ])("refuses %j with 400 %s", async (body, code) => {
    const m = await newMerchant();
    const res = await session(m.testKey, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(await db().select().from(portalSessions).where(eq(portalSessions.merchantId, m.merchant.id))).toHaveLength(0);
  });

  it("accepts 8 and 15 digits, with or without +", async () => {
    const m = await newMerchant();
    for (const phone of ["70000009", "123456789012345", "+123456789012345"]) expect((await session(m.testKey, { customer_phone: phone })).status).toBe(201);
  });

  it("expires 24 hours later on the merchant's clock (the sandbox clock applies)", async () => {
    const { m, token } = await setup();
    expect((await lookupPortalSession(db(), token)).state).toBe("open");
    await advanceTestClock(db(), m.merchant.id, 24 * 3600 - 60);
    expect((await lookupPortalSession(db(), token)).state).toBe("open");
    await advanceTestClock(db(), m.merchant.id, 60);
    expect((await lookupPortalSession(db(), token)).state).toBe("expired");
    await expect(portalView(db(), token)).rejects.toMatchObject({ code: "PORTAL_SESSION_EXPIRED" });
    expect((await lookupPortalSession(db(), "x".repeat(43))).state).toBe("unknown");
    expect((await lookupPortalSession(db(), "../../etc")).state).toBe("unknown");
  });
});

describe("the portal", () => {
  it("shows this customer's subscriptions and payments with this merchant, nothing of others", async () => {
    const { m, plan, sub, token } = await setup();
    const stranger = (await call(subscribe, "POST", "/", { key: m.testKey, body: { plan_id: plan.id, customer_phone: "+22370000077" } })).body.data;
    const live = await newLiveMerchant();
    await session(live.liveKey, { customer_phone: "+22370000001" });
    const view = await portalView(db(), token);
    expect(view).toMatchObject({ merchantName: "Club Sport Bamako", livemode: false, returnUrl: "https://club.example.ml/compte", customer: { phone: "+22370000001" } });
    expect(view.subscriptions).toEqual([
      expect.objectContaining({ id: sub.id, planName: "Abonnement salle", amount: 10_000, status: "ACTIVE", interval: "MONTHLY", overdueAmount: null }),
    ]);
    expect(view.subscriptions.map((s) => s.id)).not.toContain(stranger.id);
    expect(view.payments).toEqual([expect.objectContaining({ amount: 10_000, status: "SUCCESS", description: "Abonnement salle" })]);
  });

  it("cancels a subscription (idempotently) and never another customer's", async () => {
    const { m, plan, sub, token } = await setup();
    const stranger = (await call(subscribe, "POST", "/", { key: m.testKey, body: { plan_id: plan.id, customer_phone: "+22370000077" } })).body.data;
    await expect(cancelFromPortal(db(), token, stranger.id)).rejects.toMatchObject({ code: "SUBSCRIPTION_NOT_FOUND" });
    await cancelFromPortal(db(), token, sub.id);
    await cancelFromPortal(db(), token, sub.id);
    const after = (await call(getSub, "GET", "/", { key: m.testKey, params: { id: sub.id } })).body.data;
    expect(after).toMatchObject({ status: "CANCELLED", cancel_reason: "customer_portal" });
    expect((await db().select().from(events).where(eq(events.objectId, sub.id))).filter((e) => e.type === "subscription.cancelled")).toHaveLength(1);
    expect((await call(getSub, "GET", "/", { key: m.testKey, params: { id: stranger.id } })).body.data.status).toBe("ACTIVE");
  });

  it("pays an overdue PAST_DUE period now through the hosted checkout, returning to the portal", async () => {
    const { m, sub, token } = await setup("+22370000002");
    await expect(payOverdueFromPortal(db(), token, "sub_nope")).rejects.toMatchObject({ code: "SUBSCRIPTION_NOT_FOUND" });
    const view = await portalView(db(), token);
    expect(view.subscriptions[0]).toMatchObject({ status: "PAST_DUE", overdueAmount: 10_000 });
    const url = await payOverdueFromPortal(db(), token, sub.id);
    expect(url).toMatch(new RegExp(`^${publicBaseUrl()}/checkout/txn_`));
    // A second click resumes the same payment.
    expect(await payOverdueFromPortal(db(), token, sub.id)).toBe(url);
    const id = url.split("/checkout/")[1];
    const [p] = await db().select().from(payments).where(eq(payments.id, id));
    expect(p).toMatchObject({ purpose: "subscription", purposeRef: sub.id, amount: 10_000, status: "PENDING", returnUrl: `${publicBaseUrl()}/portal/${token}` });
    // The customer's own attempt failing changes no schedule.
    const before = (await call(getSub, "GET", "/", { key: m.testKey, params: { id: sub.id } })).body.data;
    await settlePayment(db(), id, { status: "FAILED" });
    expect((await call(getSub, "GET", "/", { key: m.testKey, params: { id: sub.id } })).body.data).toMatchObject({ status: "PAST_DUE", retry_count: before.retry_count, next_retry_at: before.next_retry_at });
    const second = await payOverdueFromPortal(db(), token, sub.id);
    expect(second).not.toBe(url);
    await settlePayment(db(), second.split("/checkout/")[1], { status: "SUCCESS" });
    const after = (await call(getSub, "GET", "/", { key: m.testKey, params: { id: sub.id } })).body.data;
    expect(after).toMatchObject({ status: "ACTIVE", retry_count: 0 });
    expect(after.next_billing_date.slice(5, 10)).not.toBe(sub.next_billing_date.slice(5, 10));
    await expect(payOverdueFromPortal(db(), token, sub.id)).rejects.toMatchObject({ code: "SUBSCRIPTION_NOT_PAST_DUE" });
    await cancelFromPortal(db(), token, sub.id);
    await expect(payOverdueFromPortal(db(), token, sub.id)).rejects.toMatchObject({ code: "SUBSCRIPTION_CANCELLED" });
  });

  it("concurrent clicks on \"pay now\" open one payment", async () => {
    const { sub, token } = await setup("+22370000002");
    const urls = await Promise.all(Array.from({ length: 4 }, () => payOverdueFromPortal(db(), token, sub.id)));
    expect(new Set(urls).size).toBe(1);
    expect((await db().select().from(payments).where(eq(payments.purposeRef, sub.id))).filter((p) => p.status === "PENDING")).toHaveLength(1);
  });

  it("fills in the customer's missing name and e-mail, then never changes or clears them", async () => {
    const { token } = await setup();
    await expect(updatePortalProfile(db(), token, { name: "Awa", email: "awa@" })).rejects.toMatchObject({ code: "INVALID_EMAIL" });
    await expect(updatePortalProfile(db(), token, { name: "A".repeat(101), email: null })).rejects.toMatchObject({ code: "INVALID_FIELD" });
    expect((await portalView(db(), token)).customer).toMatchObject({ name: null, email: null });
    await updatePortalProfile(db(), token, { name: "Awa Diarra", email: "awa@example.ml" });
    expect((await portalView(db(), token)).customer).toMatchObject({ name: "Awa Diarra", email: "awa@example.ml" });
    // Recorded now: a public page neither changes nor clears them.
    await updatePortalProfile(db(), token, { name: "Quelqu'un d'autre", email: "autre@example.ml" });
    await updatePortalProfile(db(), token, { name: " ", email: "" });
    expect((await portalView(db(), token)).customer).toMatchObject({ name: "Awa Diarra", email: "awa@example.ml" });
  });
});
