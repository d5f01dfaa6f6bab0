/**
 * One redirect URL rule (lib/redirects/redirect-url.ts) on every field that takes a redirect, each
 * with its route's own error code; accepted values are stored normalised.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as dashboardLinks } from "@/app/dashboard-api/links/route";
import { POST as createPlanDashboard } from "@/app/dashboard-api/billing/plans/route";
import { POST as dashboardSubscriptions } from "@/app/dashboard-api/billing/subscriptions/route";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { POST as withPayment } from "@/app/v1/billing/subscriptions/with-payment/route";
import { GET as readLinkById } from "@/app/v1/payment-links/by-id/[id]/route";
import { POST as checkout } from "@/app/v1/payment-links/[slug]/checkout/route";
import { PATCH as patchLink } from "@/app/v1/payment-links/[slug]/route";
import { POST as createLink } from "@/app/v1/payment-links/route";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as createSession } from "@/app/v1/portal/sessions/route";
import { db } from "@/db/client";
import { paymentLinks, payments, portalSessions } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

beforeEach(() => {
  vi.stubEnv("CAURI_OWN_DOMAINS", "cauri.test");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** Refused on every route, each with its own code. `http://localhost:3000` is CAURI_PUBLIC_URL in the tests. */
const REFUSED = [
  "https://LOCALHOST./x",
  "https://localhost:3000/merci",
  "https://example.com/\r\nx",
  "https://example.com/\nLocation: https://evil.example/",
  "https://example.com/\tx",
  " https://example.com",
  "https://example.com/ ",
  "http://example.com",
  "https://pay.cauri.test/merci",
  "https://PAY.CAURI.TEST./merci",
  "https://127.0.0.1/x",
  "https://[::ffff:0:7f00:1]/x",
  "https://user:pw@example.com/",
  "javascript:alert(1)",
];
const ACCEPTED: [string, string][] = [
  ["https://Example.COM./a", "https://example.com/a"],
  ["https://Shop.Example.ML:443/merci?x=1", "https://shop.example.ml/merci?x=1"],
  ["https://BÜCHER.example/", "https://xn--bcher-kva.example/"],
];

let seq = 0;

/** A shop on the integrator's machine: payments take it as return_url with a test key only. */
const LOOPBACK: [string, string][] = [
  ["http://localhost:4242/success", "http://localhost:4242/success"],
  ["https://LOCALHOST./x", "https://localhost/x"],
  ["https://localhost:3000/merci", "https://localhost:3000/merci"],
  ["http://127.0.0.1:8000/ok", "http://127.0.0.1:8000/ok"],
  ["https://127.0.0.1/x", "https://127.0.0.1/x"],
  ["http://[::1]:4242/x", "http://[::1]:4242/x"],
  ["http://shop.localhost/fin", "http://shop.localhost/fin"],
];

describe("POST /v1/payments return_url", () => {
  const create = (key: string, return_url: unknown) =>
    call(createPayment, "POST", "/v1/payments", { key, idempotencyKey: `redir-${++seq}`, body: { amount: 1_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url } });
  const loopback = new Set(LOOPBACK.map(([url]) => url));

  it.each(LOOPBACK)("takes %j from a test key (stored as %j), and refuses it from a live key", async (url, stored) => {
    const m = await newLiveMerchant();
    const test = await create(m.testKey, url);
    expect(test.status, JSON.stringify(test.body)).toBe(201);
    expect(test.body.data.return_url ?? (await call(getPayment, "GET", `/v1/payments/${test.body.data.id}`, { key: m.testKey, params: { id: test.body.data.id } })).body.data.return_url).toBe(stored);
    const live = await create(m.liveKey, url);
    expect(live.status).toBe(400);
    expect(live.body.error).toMatchObject({ code: "INVALID_RETURN_URL", param: "return_url" });
    expect(live.body.error.message).toContain("only a test key may use");
  });

  it("names the rule each refusal broke", async () => {
    const m = await newMerchant();
    expect((await create(m.testKey, "http://shop.example.ml/merci")).body.error.message).toMatch(/^return_url must be an https:\/\/ URL, not http:\/\/ \(http:\/\/ is accepted for localhost/);
    expect((await create(m.testKey, "https://pay.cauri.test/merci")).body.error.message).toBe("return_url points at the payment service's own domain.");
    expect((await create(m.testKey, "https://10.1.2.3/merci")).body.error.message).toBe("return_url points at a loopback, private, link-local or reserved address.");
  });

  it.each(REFUSED.filter((url) => !loopback.has(url)))("refuses %j with INVALID_RETURN_URL", async (url) => {
    const m = await newMerchant();
    const res = await create(m.testKey, url);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_RETURN_URL", param: "return_url" });
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(0);
  });

  it.each(ACCEPTED)("stores %j as %j", async (url, stored) => {
    const m = await newMerchant();
    const res = await create(m.testKey, url);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id;
    expect((await call(getPayment, "GET", `/v1/payments/${id}`, { key: m.testKey, params: { id } })).body.data.return_url).toBe(stored);
  });
});

describe("payment links success_redirect_url (alias redirect_url), create and PATCH", () => {
  const make = (key: string, body: Record<string, unknown>) => call(createLink, "POST", "/v1/payment-links", { key, body: { name: "Tissu wax", amount: 12_500, ...body } });
  const patch = (key: string, slug: string, body: unknown) => call(patchLink, "PATCH", `/v1/payment-links/${slug}`, { key, body, params: { slug } });

  it.each(REFUSED)("refuses %j with INVALID_REDIRECT_URL", async (url) => {
    const m = await newMerchant();
    for (const field of ["success_redirect_url", "redirect_url"]) {
      const res = await make(m.testKey, { [field]: url });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_REDIRECT_URL", param: "success_redirect_url" });
    }
    const link = (await make(m.testKey, {})).body.data;
    for (const field of ["success_redirect_url", "redirect_url"]) {
      const res = await patch(m.testKey, link.slug, { [field]: url });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_REDIRECT_URL", param: "success_redirect_url" });
    }
    const [row] = await db().select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(row.successRedirectUrl).toBeNull();
  });

  it.each(ACCEPTED)("stores %j as %j", async (url, stored) => {
    const m = await newMerchant();
    const created = await make(m.testKey, { redirect_url: url });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.success_redirect_url).toBe(stored);
    const other = (await make(m.testKey, {})).body.data;
    expect((await patch(m.testKey, other.slug, { success_redirect_url: url })).body.data.success_redirect_url).toBe(stored);
    const [row] = await db().select().from(paymentLinks).where(eq(paymentLinks.id, other.id));
    expect(row.successRedirectUrl).toBe(stored);
  });

  it("a link saved before the rule with a value it refuses sends its payers to the thank-you view instead", async () => {
    const m = await newMerchant();
    const link = (await make(m.testKey, {})).body.data;
    await db().update(paymentLinks).set({ successRedirectUrl: "https://shop.example.ml/\r\nSet-Cookie: x=y" }).where(eq(paymentLinks.id, link.id));
    const res = await call(checkout, "POST", `/v1/payment-links/${link.slug}/checkout`, { body: { customer_phone: "+22370000009" }, params: { slug: link.slug }, headers: { "x-forwarded-for": "10.13.99.1" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [payment] = await db().select().from(payments).where(eq(payments.id, res.body.data.payment_id));
    expect(payment.returnUrl).toBe(`${link.url}?payment=${payment.id}`);
  });
});

describe("POST /v1/billing/subscriptions/with-payment redirect_url", () => {
  const planOf = async (key: string) => (await call(createPlan, "POST", "/v1/billing/plans", { key, body: { name: "Salle", amount: 5_000, interval: "MONTHLY" } })).body.data;
  const subscribe = (key: string, planId: string, redirect_url: unknown) =>
    call(withPayment, "POST", "/v1/billing/subscriptions/with-payment", { key, body: { plan_id: planId, customer_phone: "+22370000009", redirect_url } });

  it("refuses every bad value with INVALID_REDIRECT_URL and stores a good one normalised", async () => {
    const m = await newMerchant();
    const plan = await planOf(m.testKey);
    for (const url of REFUSED) {
      const res = await subscribe(m.testKey, plan.id, url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toMatchObject({ code: "INVALID_REDIRECT_URL", param: "redirect_url" });
    }
    for (const [url, stored] of ACCEPTED) {
      const res = await subscribe(m.testKey, plan.id, url);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.data.payment_link.id;
      expect((await call(readLinkById, "GET", "/", { key: m.testKey, params: { id } })).body.data.success_redirect_url).toBe(stored);
    }
  });
});

describe("POST /v1/portal/sessions return_url", () => {
  const session = (key: string, return_url: unknown) => call(createSession, "POST", "/v1/portal/sessions", { key, body: { customer_phone: "+22370000009", return_url } });

  it("follows the same rule as payments: http://, our own host, localhost… are INVALID_RETURN_URL", async () => {
    const m = await newMerchant();
    for (const url of REFUSED) {
      const res = await session(m.testKey, url);
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toMatchObject({ code: "INVALID_RETURN_URL", param: "return_url" });
    }
    expect(await db().select().from(portalSessions).where(eq(portalSessions.merchantId, m.merchant.id))).toHaveLength(0);
  });

  it.each(ACCEPTED)("stores %j as %j", async (url, stored) => {
    const m = await newMerchant();
    const res = await session(m.testKey, url);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.return_url).toBe(stored);
    const [row] = await db().select().from(portalSessions).where(eq(portalSessions.id, res.body.data.id));
    expect(row.returnUrl).toBe(stored);
  });
});

describe("the dashboard's forms (same schemas, same codes)", () => {
  async function account() {
    const created = await signUp(db(), { email: `redirect-${Date.now()}-${++seq}@example.ml`, password: "mot de passe solide", businessName: "Boutique Redirect" });
    const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
    return { cookie: `${cookie}; cauri_mode=test`, origin: "http://localhost:3000" };
  }

  it("refuses the bad values on links and with-payment subscriptions, stores the good ones normalised", async () => {
    const headers = await account();
    const link = (body: Record<string, unknown>) => call(dashboardLinks, "POST", "/dashboard-api/links", { headers, body: { name: "Tissu wax", amount: 12_500, ...body } });
    const plan = (await call(createPlanDashboard, "POST", "/dashboard-api/billing/plans", { headers, body: { name: "Salle", amount: 5_000, interval: "MONTHLY" } })).body.data;
    const subscribe = (redirect_url: string) => call(dashboardSubscriptions, "POST", "/dashboard-api/billing/subscriptions", { headers, body: { plan_id: plan.id, customer_phone: "70000009", redirect_url } });
    for (const url of REFUSED) {
      expect((await link({ success_redirect_url: url })).body.error, url).toMatchObject({ code: "INVALID_REDIRECT_URL", param: "success_redirect_url" });
      expect((await subscribe(url)).body.error, url).toMatchObject({ code: "INVALID_REDIRECT_URL", param: "redirect_url" });
    }
    const created = await link({ success_redirect_url: "https://Example.COM./a" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.success_redirect_url).toBe("https://example.com/a");
    const sub = await subscribe("https://Example.COM./b");
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const [row] = await db().select().from(paymentLinks).where(eq(paymentLinks.id, sub.body.data.payment_link.id));
    expect(row.successRedirectUrl).toBe("https://example.com/b");
  });
});
