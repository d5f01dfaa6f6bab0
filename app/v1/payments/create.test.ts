import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/v1/payments/route";
import { db } from "@/db/client";
import { customers, events, payments } from "@/db/schema";
import { accountBalances } from "@/lib/ledger/balance";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { approvePartnerProduct, proposePartnerProduct } from "@/lib/partner/products";
import { initiatePayment } from "@/lib/payments/initiate";
import { settlePayment } from "@/lib/payments/settle";

const valid = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
let seq = 0;
const create = (key: string, body: unknown, idem = `idem-${++seq}`) => call(POST, "POST", "/v1/payments", { key, body, idempotencyKey: idem });

describe("POST /v1/payments", () => {
  it("creates a PENDING payment with the contract's fields", async () => {
    const m = await newMerchant();
    const res = await create(m.testKey, valid);
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(["amount", "created_at", "currency", "customer", "expires_at", "fee_total", "gateway_used", "id", "payment_method", "redirect_url", "reference_id", "routing_reason", "status"]);
    expect(d).toMatchObject({ status: "PENDING", amount: 12_500, currency: "XOF", payment_method: "OPERATOR_MONEY", fee_total: 250 });
    expect(d.id).toMatch(/^txn_/);
    expect(d.redirect_url).toMatch(new RegExp(`/checkout/${d.id}$`));
    expect(new Date(d.expires_at).getTime() - new Date(d.created_at).getTime()).toBe(15 * 60_000);
  });

  it.each([
    [{ amount: 99 }, "INVALID_AMOUNT"],
    [{ amount: 5_000_001 }, "INVALID_AMOUNT"],
    [{ amount: 100.5 }, "INVALID_AMOUNT"],
    [{ amount: "1000" }, "INVALID_AMOUNT"],
    [{ customer_phone: undefined }, "MISSING_PHONE"],
    [{ customer_phone: "70000001" }, "INVALID_PHONE"],
    [{ customer_phone: "+1234567" }, "INVALID_PHONE"],
    [{ customer_phone: "+1234567890123456" }, "INVALID_PHONE"],
    [{ return_url: undefined }, "MISSING_RETURN_URL"],
    [{ return_url: "http://shop.example.ml" }, "INVALID_RETURN_URL"],
    [{ return_url: "https://10.0.0.1/x" }, "INVALID_RETURN_URL"],
    [{ payment_method: "CARD" }, "INVALID_PAYMENT_METHOD"],
    [{ payment_method: undefined }, "INVALID_PAYMENT_METHOD"],
    [{ provider: "WAVE" }, "INVALID_PROVIDER"],
    [{ currency: "EUR" }, "INVALID_CURRENCY"],
    [{ country: "FR" }, "INVALID_COUNTRY"],
    [{ customer_email: "nope" }, "INVALID_EMAIL"],
    [{ metadata: { service_mock: "yes" } }, "INVALID_METADATA"],
  ])("refuses %j with %s and creates nothing", async (patch, code) => {
    const m = await newMerchant();
    const res = await create(m.testKey, { ...valid, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(0);
  });

  it("accepts amounts at both edges and the aliases existing clients send", async () => {
    const m = await newMerchant();
    expect((await create(m.testKey, { ...valid, amount: 100 })).status).toBe(201);
    expect((await create(m.testKey, { ...valid, amount: 5_000_000 })).status).toBe(201);
    const aliased = await create(m.testKey, { amount: 1000, provider: "OPERATOR_MONEY", customer: { phone: "+22370000001", name: "Awa" }, return_url: "https://shop.example.ml" });
    expect(aliased.status).toBe(201);
    const bad = await create(m.testKey, { amount: 1000, provider: "OPERATOR_MONEY", customer: { phone: "123" }, return_url: "https://shop.example.ml" });
    expect(bad.body.error.code).toBe("INVALID_PHONE");
  });

  it("records one customer per phone and links the payment to it", async () => {
    const m = await newMerchant();
    const a = await create(m.testKey, { ...valid, customer_name: "Awa" });
    const b = await create(m.testKey, { ...valid, customer_email: "awa@example.ml" });
    const rows = await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id));
    const ids = new Set(rows.map((r) => r.customerId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^cus_/);
    const [customer] = await db().select().from(customers).where(eq(customers.merchantId, m.merchant.id));
    expect(customer).toMatchObject({ phone: valid.customer_phone, name: "Awa", email: "awa@example.ml" });
    expect([a.status, b.status]).toEqual([201, 201]);
  });

  it("refuses the test-mode flags with a live key", async () => {
    const m = await newLiveMerchant();
    for (const metadata of [{ service_mock: true }, { sandbox: true }, { sandbox: false }]) {
      const res = await create(m.liveKey, { ...valid, metadata });
      expect([res.status, res.body.error.code]).toEqual([400, "TEST_FLAG_IN_LIVE_MODE"]);
    }
    expect((await create(m.liveKey, valid)).status).toBe(201);
  });

  it("replays the same key and refuses it for another request with DUPLICATE_PAYMENT", async () => {
    const m = await newMerchant();
    const a = await create(m.testKey, valid, "order-1");
    const b = await create(m.testKey, valid, "order-1");
    expect(b.body.data.id).toBe(a.body.data.id);
    const c = await create(m.testKey, { ...valid, amount: 13_000 }, "order-1");
    expect([c.status, c.body.error.code]).toEqual([409, "DUPLICATE_PAYMENT"]);
  });

  it("creates one payment for concurrent requests with the same key", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 6 }, () => create(m.testKey, valid, "same-key")));
    expect(new Set(results.filter((r) => r.status === 201).map((r) => r.body.data.id)).size).toBe(1);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(1);
  });
});

describe("settlement", () => {
  it("credits the ledger once and emits payment.success once", async () => {
    const m = await newMerchant();
    const id = (await create(m.testKey, { ...valid, customer_phone: "+22370000001" })).body.data.id;
    const settled = await initiatePayment(db(), id);
    expect(settled.status).toBe("SUCCESS");
    // A reload or a second click: same session, no second collection or credit.
    expect((await initiatePayment(db(), id)).status).toBe("SUCCESS");
    expect((await settlePayment(db(), id, { status: "SUCCESS" })).changed).toBe(false);
    await expect(settlePayment(db(), id, { status: "FAILED" })).rejects.toMatchObject({ code: "PAYMENT_FINALIZED" });
    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances).toMatchObject({ merchant_available: 12_250, platform_fees: 250, operator_clearing: -12_500 });
    const evts = await db().select().from(events).where(eq(events.objectId, id));
    expect(evts.map((e) => e.type)).toEqual(["payment.success"]);
  });

  it("leaves other numbers PENDING after initiation and records one operator session", async () => {
    const m = await newMerchant();
    const id = (await create(m.testKey, valid)).body.data.id;
    const [a, b] = await Promise.all([initiatePayment(db(), id), initiatePayment(db(), id)]);
    expect([a.status, b.status]).toEqual(["PENDING", "PENDING"]);
    const [row] = await db().select().from(payments).where(eq(payments.id, id));
    expect(row.operatorSessionId).toBe(`sim_${id}`);
  });
});

describe("partner items", () => {
  async function partner() {
    const m = await newMerchant({ partner: true });
    const ctx: DomainContext = { db: db(), merchant: m.merchant, application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: new Date() }, mode: "test", now: merchantNow(m.merchant, "test"), source: "api" };
    const product = await proposePartnerProduct(ctx, { name: "Riz 25 kg", price: 17_500 });
    await approvePartnerProduct(db(), product.id, { staffId: "cli:test" });
    return { m, productId: product.id };
  }

  it("stores the validated items on the payment and shows them", async () => {
    const { m, productId } = await partner();
    const res = await create(m.testKey, { ...valid, amount: 35_000, items: [{ product_id: productId, quantity: 2 }] });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(payments).where(eq(payments.id, res.body.data.id));
    expect(row.items).toEqual([{ product_id: productId, name: "Riz 25 kg", unit_price: 17_500, quantity: 2, amount: 35_000 }]);
  });

  it("books a paid partner sale to the service as reference seller, not to the merchant's balance", async () => {
    const { m, productId } = await partner();
    const res = await create(m.testKey, { ...valid, customer_phone: "+22370000001", amount: 17_500, items: [{ product_id: productId, quantity: 1 }] });
    expect((await initiatePayment(db(), res.body.data.id)).status).toBe("SUCCESS");
    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances.partner_sales).toBe(17_500);
    expect(balances.merchant_available ?? 0).toBe(0);
  });

  it.each([
    [{ items: undefined }, 400, "PARTNER_PRODUCT_REQUIRED"],
    [{ items: [] }, 400, "PARTNER_PRODUCT_REQUIRED"],
    [{ items: "riz" }, 400, "PARTNER_ITEMS_INVALID"],
    [{ items: [{ product_id: "pp_nope", quantity: 1 }], amount: 17_500 }, 400, "PARTNER_PRODUCT_NOT_FOUND"],
    [{ amount: 35_001 }, 400, "PARTNER_AMOUNT_MISMATCH"],
  ])("refuses a partner payment with %j: %s %s, creating nothing", async (patch, status, code) => {
    const { m, productId } = await partner();
    const body = { ...valid, amount: 35_000, items: [{ product_id: productId, quantity: 2 }], ...patch };
    const res = await create(m.testKey, body);
    expect([res.status, res.body.error.code]).toEqual([status, code]);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(0);
  });

  it("refuses items from a merchant outside the partner program", async () => {
    const m = await newMerchant();
    const res = await create(m.testKey, { ...valid, items: [{ product_id: "pp_x", quantity: 1 }] });
    expect([res.status, res.body.error.code]).toEqual([403, "PARTNER_PROGRAM_NOT_ENABLED"]);
  });
});

describe("live monthly volume cap", () => {
  it("lets a live payment reach the plan's cap exactly and refuses one franc more; test mode is never capped", async () => {
    const m = await newLiveMerchant({ platformPlan: "starter" });
    const first = await create(m.liveKey, { ...valid, amount: 150_000 });
    await settlePayment(db(), first.body.data.id, { status: "SUCCESS" });
    const over = await create(m.liveKey, { ...valid, amount: 50_001 });
    expect([over.status, over.body.error.code]).toEqual([403, "PLAN_MONTHLY_VOLUME_EXCEEDED"]);
    expect((await create(m.liveKey, { ...valid, amount: 50_000 })).status).toBe(201);
    expect((await create(m.testKey, { ...valid, amount: 5_000_000 })).status).toBe(201);
  });
});
