import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getOne } from "@/app/v1/payments/[id]/route";
import { POST } from "@/app/v1/payments/route";
import { db } from "@/db/client";
import { customers, idempotencyKeys, payments } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { approvePartnerProduct, proposePartnerProduct } from "@/lib/partner/products";
import { settlePayment } from "@/lib/payments/settle";
import { updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

// The keyed creation in one statement (lib/payments/create.ts, lib/idempotency/sealed-write.ts)
// and the general path it hands a taken key to.
const valid = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
const create = (key: string, body: unknown, idem: string) => call(POST, "POST", "/v1/payments", { key, body, idempotencyKey: idem });

const storedAnswer = async (applicationId: string, key: string) => {
  const [row] = await db()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.applicationId, applicationId), eq(idempotencyKeys.key, key)));
  return row;
};

describe("a keyed creation", () => {
  it("stores exactly the answer it sends, done, and the payment it describes is the one GET reads", async () => {
    const m = await newMerchant();
    const res = await create(m.testKey, { ...valid, customer_name: "Awa", client_reference: "A-1", metadata: { cart: 7 } }, "sealed-1");
    expect(res.status).toBe(201);
    const stored = await storedAnswer(m.applicationId, "sealed-1");
    expect([stored.state, stored.responseStatus]).toEqual(["done", 201]);
    expect(stored.responseBody).toEqual(res.body);

    const read = await call(getOne, "GET", `/v1/payments/${res.body.data.id}`, { key: m.testKey, params: { id: res.body.data.id } });
    const created = res.body.data as Record<string, unknown>;
    for (const [field, value] of Object.entries(created)) expect([field, read.body.data[field]]).toEqual([field, value]);
    const [payment] = await db().select().from(payments).where(eq(payments.id, res.body.data.id));
    const [customer] = await db().select().from(customers).where(eq(customers.id, payment.customerId!));
    expect([customer.phone, customer.name, payment.clientReference, payment.metadata]).toEqual([valid.customer_phone, "Awa", "A-1", { cart: 7 }]);
  });

  it("makes one payment of 50 concurrent requests with one key: one created, 49 replays of the same answer", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 50 }, () => create(m.testKey, valid, "crowd")));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0].body);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(49);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(1);
  });

  it("writes nothing for a key taken by another request: no payment, and the customer of its phone neither made nor changed", async () => {
    const m = await newMerchant();
    expect((await create(m.testKey, { ...valid, customer_name: "Awa" }, "taken")).status).toBe(201);
    const other = await create(m.testKey, { ...valid, customer_phone: "+22370000077", customer_name: "Moussa" }, "taken");
    expect([other.status, other.body.error.code]).toEqual([409, "DUPLICATE_PAYMENT"]);
    const again = await create(m.testKey, { ...valid, customer_name: "Bintou" }, "taken");
    expect([again.status, again.body.error.code]).toEqual([409, "DUPLICATE_PAYMENT"]);
    const known = await db().select().from(customers).where(eq(customers.merchantId, m.merchant.id));
    expect(known.map((c) => [c.phone, c.name])).toEqual([[valid.customer_phone, "Awa"]]);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(1);
  });

  it("refuses racing requests with one key and different bodies: one payment, the others 409", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create(m.testKey, { ...valid, amount: 1_000 + i }, "race")));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === "DUPLICATE_PAYMENT")).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(1);
  });

  it("replays a payment's answer even when its request would be refused today (the merchant has since left the partner program)", async () => {
    const m = await newMerchant({ partner: true });
    const ctx: DomainContext = { db: db(), merchant: m.merchant, application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: new Date() }, mode: "test", now: merchantNow(m.merchant, "test"), source: "api" };
    const product = await proposePartnerProduct(ctx, { name: "Riz 25 kg", price: 17_500 });
    await approvePartnerProduct(db(), product.id, { staffId: "cli:test" });
    const sale = { ...valid, amount: 17_500, items: [{ product_id: product.id, quantity: 1 }] };
    const first = await create(m.testKey, sale, "before-the-change");
    expect(first.status).toBe(201);

    await updateMerchant(db(), m.merchant.id, { partner: false });
    const replay = await create(m.testKey, sale, "before-the-change");
    expect([replay.status, replay.body.data?.id, replay.headers.get("idempotent-replayed")]).toEqual([201, first.body.data.id, "true"]);
    const fresh = await create(m.testKey, sale, "after-the-change");
    expect([fresh.status, fresh.body.error?.code]).toEqual([403, "PARTNER_PROGRAM_NOT_ENABLED"]);
    expect(await storedAnswer(m.applicationId, "after-the-change")).toBeUndefined();
  });

  it("replays a live payment's answer after the plan's cap is reached: the cap refuses new payments, never the answer of one made", async () => {
    const m = await newLiveMerchant({ platformPlan: "starter" });
    const first = await create(m.liveKey, { ...valid, amount: 200_000 }, "live-1");
    expect(first.status).toBe(201);
    await settlePayment(db(), first.body.data.id, { status: "SUCCESS" });
    const replay = await create(m.liveKey, { ...valid, amount: 200_000 }, "live-1");
    expect([replay.status, replay.body.data.id, replay.headers.get("idempotent-replayed")]).toEqual([201, first.body.data.id, "true"]);
    const fresh = await create(m.liveKey, { ...valid, amount: 500 }, "live-2");
    expect([fresh.status, fresh.body.error?.code]).toEqual([403, "PLAN_MONTHLY_VOLUME_EXCEEDED"]);
    expect(await storedAnswer(m.applicationId, "live-2")).toBeUndefined();
  });
});
