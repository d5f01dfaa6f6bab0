/**
 * One phone rule at every entry point (lib/phone): a Mali number typed 76554433, 76 55 44 33,
 * +223 76 55 44 33 or 0022376554433 is stored and answered as +22376554433 wherever a number
 * comes in (API, dashboard forms, public pages), and matched in that form by the buyer page and
 * the hosted checkout. POST /v1/payments and OPR keep the contract's stricter rule (a leading +)
 * and say so in their message.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as dashKyc from "@/app/dashboard-api/settings/kyc/route";
import * as dashOrders from "@/app/dashboard-api/secure-orders/route";
import * as dashSubscriptions from "@/app/dashboard-api/billing/subscriptions/route";
import * as dashWithdrawals from "@/app/dashboard-api/withdrawals/route";
import { GET as listCustomers } from "@/app/v1/billing/customers/route";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { GET as listSubscriptions, POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { POST as subscribeWithPayment } from "@/app/v1/billing/subscriptions/with-payment/route";
import { POST as createOpr } from "@/app/v1/opr/create/route";
import { POST as createLink } from "@/app/v1/payment-links/route";
import { POST as linkCheckout } from "@/app/v1/payment-links/[slug]/checkout/route";
import { POST as confirmPayment } from "@/app/v1/payments/[id]/confirm/route";
import { GET as recommend } from "@/app/v1/payments/recommend/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as createSession } from "@/app/v1/portal/sessions/route";
import { GET as listOrders, POST as createOrder } from "@/app/v1/secure-orders/route";
import { POST as createWithdrawal } from "@/app/v1/withdrawals/route";
import { db } from "@/db/client";
import { customers, payments, secureOrders, type Mode } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { updateMerchant } from "@/lib/platform/merchants";
import { buyerPay } from "@/lib/http/secure-order-actions";
import { call } from "@/tests/support/http";

const E164 = "+22376554433";
/** The forms of one Mali number that every entry point must read as E164. */
const FORMS = ["76554433", "76 55 44 33", "+223 76 55 44 33", "0022376554433"] as const;

let seq = 0;
let ip = 0;
const freshIp = () => `10.13.${Math.floor(++ip / 250)}.${ip % 250}`;
const idem = () => `phone-${Date.now()}-${++seq}`;

/** A dashboard account (session cookie) that is also a merchant with a test key; secure orders on, KYC approved, money available. */
async function merchant() {
  const created = await signUp(db(), { email: `phone-${Date.now()}-${++seq}@example.ml`, password: "mot de passe solide", businessName: "Boutique Awa" });
  await updateMerchant(db(), created.merchantId, { secureOrdersEnabled: true, kycStatus: "approved" });
  await postJournal(db(), {
    merchantId: created.merchantId,
    mode: "test",
    kind: "test.credit",
    refType: "test",
    refId: newId("ref"),
    entries: [
      { account: "operator_clearing", amount: -2_000_000 },
      { account: "merchant_available", amount: 2_000_000 },
    ],
    at: new Date(),
  });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const as = (m: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: "http://localhost:3000" });
  return { ...created, key: created.testKey, as };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

async function planOf(m: Merchant) {
  const res = await call(createPlan, "POST", "/v1/billing/plans", { key: m.key, body: { name: "Panier hebdo", amount: 5_000, interval: "WEEKLY" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

async function customerPhone(merchantId: string, id: string) {
  const [row] = await db().select().from(customers).where(and(eq(customers.merchantId, merchantId), eq(customers.id, id)));
  return row.phone;
}

async function paymentPhone(id: string) {
  const [row] = await db().select().from(payments).where(eq(payments.id, id));
  return row.customerPhone;
}

type Answer = { status: number; body: any };
/** An entry point that takes a number: the request for `phone`, and the number it stored (read back from its answer or the database). */
type EntryPoint = [name: string, send: (m: Merchant, phone: string) => Promise<Answer>, stored: (m: Merchant, answer: Answer) => Promise<string> | string];

const KYC = { legal_name: "Boutique Awa SARL", registration_number: "MA.BKO.2024.B.1234", address: "Rue 310, Bamako", contact_name: "Awa Traoré", activity: "Vente de tissus" };

const entryPoints: EntryPoint[] = [
  [
    "POST /v1/secure-orders",
    (m, phone) => call(createOrder, "POST", "/v1/secure-orders", { key: m.key, body: { amount: 25_000, description: "Robe wax", customer_phone: phone } }),
    (_m, a) => a.body.data.customer_phone,
  ],
  [
    "POST /dashboard-api/secure-orders (dashboard form)",
    (m, phone) => call(dashOrders.POST, "POST", "/dashboard-api/secure-orders", { headers: m.as(), body: { amount: 25_000, description: "Robe wax", customer_phone: phone } }),
    (_m, a) => a.body.data.customer_phone,
  ],
  [
    "POST /v1/billing/subscriptions",
    async (m, phone) => call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.key, body: { plan_id: await planOf(m), customer_phone: phone } }),
    async (m, a) => {
      expect(await customerPhone(m.merchantId, a.body.data.customer_id)).toBe(a.body.data.customer_phone);
      return a.body.data.customer_phone;
    },
  ],
  [
    "POST /v1/billing/subscriptions/with-payment",
    async (m, phone) => call(subscribeWithPayment, "POST", "/v1/billing/subscriptions/with-payment", { key: m.key, body: { plan_id: await planOf(m), customer_phone: phone } }),
    (_m, a) => a.body.data.subscription.customer_phone,
  ],
  [
    "POST /dashboard-api/billing/subscriptions (dashboard form)",
    async (m, phone) => call(dashSubscriptions.POST, "POST", "/dashboard-api/billing/subscriptions", { headers: m.as(), body: { plan_id: await planOf(m), customer_phone: phone } }),
    (_m, a) => a.body.data.subscription.customer_phone,
  ],
  [
    "POST /v1/portal/sessions (the customer)",
    (m, phone) => call(createSession, "POST", "/v1/portal/sessions", { key: m.key, body: { customer_phone: phone } }),
    (m, a) => customerPhone(m.merchantId, a.body.data.customer_id),
  ],
  [
    "POST /v1/withdrawals",
    (m, phone) => call(createWithdrawal, "POST", "/v1/withdrawals", { key: m.key, idempotencyKey: idem(), body: { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: phone } }),
    (_m, a) => a.body.data.phone_number,
  ],
  [
    "POST /dashboard-api/withdrawals (dashboard form)",
    (m, phone) => call(dashWithdrawals.POST, "POST", "/dashboard-api/withdrawals", { headers: m.as(), body: { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: phone } }),
    (_m, a) => a.body.data.withdrawal.phone_number,
  ],
  [
    "POST /v1/payment-links/{slug}/checkout (public link page)",
    async (m, phone) => {
      const link = (await call(createLink, "POST", "/v1/payment-links", { key: m.key, body: { name: "Tissu wax", amount: 12_500 } })).body.data;
      return call(linkCheckout, "POST", `/v1/payment-links/${link.slug}/checkout`, { params: { slug: link.slug }, headers: { "x-forwarded-for": freshIp() }, body: { customer_phone: phone } });
    },
    (_m, a) => paymentPhone(a.body.data.payment_id),
  ],
  [
    "POST /dashboard-api/settings/kyc (contact_phone)",
    async (m, phone) => {
      // A KYC is submitted before it is approved.
      await updateMerchant(db(), m.merchantId, { kycStatus: "pending" });
      return call(dashKyc.POST, "POST", "/dashboard-api/settings/kyc", { headers: m.as(), body: { ...KYC, contact_phone: phone } });
    },
    (_m, a) => a.body.data.payload.contact_phone,
  ],
];

describe("every entry point stores a Mali number typed any accepted way as +22376554433", () => {
  describe.each(entryPoints)("%s", (_name, send, stored) => {
    it.each(FORMS)("%j", async (phone) => {
      const m = await merchant();
      const answer = await send(m, phone);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(await stored(m, answer)).toBe(E164);
    });

    it("refuses 7 digits with a message showing an accepted form", async () => {
      const m = await merchant();
      const answer = await send(m, "76 55 44 3");
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("INVALID_PHONE");
      expect(answer.body.error.message).toContain("has 7 digits");
      expect(answer.body.error.message).toContain("76 55 44 33");
    });
  });
});

describe("list filters read a number the same way", () => {
  it("GET /v1/billing/subscriptions?customer_phone= and GET /v1/billing/customers?search=", async () => {
    const m = await merchant();
    const sub = (await call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.key, body: { plan_id: await planOf(m), customer_phone: "76554433" } })).body.data;
    for (const phone of [...FORMS, E164]) {
      const filtered = await call(listSubscriptions, "GET", `/v1/billing/subscriptions?customer_phone=${encodeURIComponent(phone)}`, { key: m.key });
      expect(filtered.body.data.map((s: { id: string }) => s.id), phone).toEqual([sub.id]);
      const found = await call(listCustomers, "GET", `/v1/billing/customers?search=${encodeURIComponent(phone)}`, { key: m.key });
      expect(found.body.data.map((c: { phone: string }) => c.phone), phone).toEqual([E164]);
    }
    // An unencoded + arrives as a space: still the same number.
    const plus = await call(listSubscriptions, "GET", `/v1/billing/subscriptions?customer_phone=+22376554433`, { key: m.key });
    expect(plus.body.data.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    expect((await call(listCustomers, "GET", "/v1/billing/customers?search=55%2044", { key: m.key })).body.data).toHaveLength(1);
    expect((await call(listCustomers, "GET", "/v1/billing/customers?search=55%2045", { key: m.key })).body.data).toHaveLength(0);
  });

  it("GET /v1/secure-orders?search=", async () => {
    const m = await merchant();
    const order = (await call(createOrder, "POST", "/v1/secure-orders", { key: m.key, body: { amount: 25_000, description: "Robe wax", customer_phone: "76 55 44 33" } })).body.data;
    for (const phone of FORMS) {
      const res = await call(listOrders, "GET", `/v1/secure-orders?search=${encodeURIComponent(phone)}`, { key: m.key });
      expect(res.body.data.secure_orders.map((o: { id: string }) => o.id), phone).toEqual([order.id]);
    }
  });

  it("GET /v1/payments/recommend?phone= reads the number (a Mali one shapes the reason)", async () => {
    const m = await merchant();
    for (const phone of FORMS) {
      const res = await call(recommend, "GET", `/v1/payments/recommend?phone=${encodeURIComponent(phone)}`, { key: m.key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.reason).toMatch(/^Malian number/);
    }
    const bad = await call(recommend, "GET", "/v1/payments/recommend?phone=abc", { key: m.key });
    expect(bad.body.error).toMatchObject({ code: "INVALID_PHONE", param: "phone" });
  });
});

describe("“is this your number”: the buyer page and the hosted checkout match every form", () => {
  it.each(FORMS)("buyer page of an order created for 76554433: %j", async (typed) => {
    const m = await merchant();
    const order = (await call(createOrder, "POST", "/v1/secure-orders", { key: m.key, body: { amount: 25_000, description: "Robe wax", customer_phone: "76554433" } })).body.data;
    expect(order.customer_phone).toBe(E164);
    const token = new URL(order.buyer_url).pathname.split("/").pop()!;
    expect(await buyerPay(db(), freshIp(), token, "76 55 44 34")).toMatchObject({ ok: false, code: "PHONE_MISMATCH" });
    const invalid = await buyerPay(db(), freshIp(), token, "7655443");
    expect(invalid).toMatchObject({ ok: false, code: "INVALID_PHONE" });
    expect(invalid.ok ? "" : invalid.message).toContain("76 55 44 33");
    expect(await buyerPay(db(), freshIp(), token, typed)).toEqual({ ok: true });
    const [row] = await db().select().from(secureOrders).where(eq(secureOrders.id, order.id));
    expect(await paymentPhone(row.paymentIntentId!)).toBe(E164);
  });

  it.each(FORMS)("hosted checkout (POST /v1/payments/{id}/confirm) of a payment for +22376554433: %j", async (typed) => {
    const m = await merchant();
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.key,
      idempotencyKey: idem(),
      body: { amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: E164, return_url: "https://shop.example.ml/merci" },
    });
    const id = created.body.data.id;
    const res = await call(confirmPayment, "POST", `/v1/payments/${id}/confirm`, { params: { id }, headers: { "x-forwarded-for": freshIp() }, body: { customer_phone: typed } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.initiated_at).toEqual(expect.any(String));
  });
});

describe("POST /v1/payments and OPR keep the contract's international format", () => {
  const payment = (customer_phone: string) => ({ amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone, return_url: "https://shop.example.ml/merci" });

  it.each(["76554433", "76 55 44 33", "0022376554433"])("POST /v1/payments refuses %j, naming the format", async (phone) => {
    const m = await merchant();
    const res = await call(createPayment, "POST", "/v1/payments", { key: m.key, idempotencyKey: idem(), body: payment(phone) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_PHONE", param: "customer_phone" });
    expect(res.body.error.message).toContain("international format");
    expect(res.body.error.message).toContain("+22376554433");
  });

  it("POST /v1/payments takes +223 76 55 44 33 and stores +22376554433; a missing phone names the format too", async () => {
    const m = await merchant();
    const res = await call(createPayment, "POST", "/v1/payments", { key: m.key, idempotencyKey: idem(), body: payment("+223 76 55 44 33") });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await paymentPhone(res.body.data.id)).toBe(E164);
    const { customer_phone: _omitted, ...rest } = payment(E164);
    const missing = await call(createPayment, "POST", "/v1/payments", { key: m.key, idempotencyKey: idem(), body: rest });
    expect(missing.body.error).toMatchObject({ code: "MISSING_PHONE", param: "customer_phone" });
    expect(missing.body.error.message).toContain("international format");
  });

  it("POST /v1/opr/create refuses 76554433 and stores +223 76 55 44 33 as +22376554433", async () => {
    const m = await merchant();
    const body = (customer_phone: string) => ({ amount: 2_500, payment_method: "OPERATOR_MONEY", customer_phone });
    const refused = await call(createOpr, "POST", "/v1/opr/create", { key: m.key, idempotencyKey: idem(), body: body("76554433") });
    expect(refused.body.error).toMatchObject({ code: "INVALID_PHONE", param: "customer_phone" });
    expect(refused.body.error.message).toContain("international format");
    const ok = await call(createOpr, "POST", "/v1/opr/create", { key: m.key, idempotencyKey: idem(), body: body("+223 76 55 44 33") });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.customer_phone).toBe(E164);
  });
});
