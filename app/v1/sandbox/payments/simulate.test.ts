import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { POST as simulate } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { events, payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { accountBalances } from "@/lib/ledger/balance";
import { settlePayment } from "@/lib/payments/settle";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

const valid = { amount: 10_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
let seq = 0;
const createVia = (key: string, body: unknown = valid) => call(create, "POST", "/v1/payments", { key, body, idempotencyKey: `sim-${++seq}` });
const sim = (key: string, id: string, body: unknown) => call(simulate, "POST", `/v1/sandbox/payments/${id}/simulate`, { key, params: { id }, body });
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type);

describe("POST /v1/sandbox/payments/{id}/simulate", () => {
  it("settles a simulated PENDING payment as SUCCESS: ledger credited, payment.success once", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    const res = await sim(m.testKey, id, { outcome: "SUCCESS" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: "SUCCESS", provider_ref: `SIM-${id}` });
    expect(await accountBalances(db(), m.merchant.id, "test")).toMatchObject({ merchant_available: 9_800, platform_fees: 200 });
    const again = await sim(m.testKey, id, { outcome: "SUCCESS" });
    expect([again.status, again.body.error.code]).toEqual([409, "PAYMENT_FINALIZED"]);
    const other = await sim(m.testKey, id, { outcome: "FAILED" });
    expect([other.status, other.body.error.code]).toEqual([409, "PAYMENT_FINALIZED"]);
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });

  it("settles FAILED with a reason and no money movement, and works on a service_mock payment", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey, { ...valid, metadata: { service_mock: true } })).body.data.id;
    const res = await sim(m.testKey, id, { outcome: "FAILED" });
    expect(res.body.data).toMatchObject({ status: "FAILED", status_reason: expect.stringMatching(/Simulated/) });
    expect(await accountBalances(db(), m.merchant.id, "test")).toEqual({});
    expect(await eventsOf(id)).toEqual(["payment.failed"]);
  });

  it("refuses a payment going through the operator's test environment with PAYMENT_NOT_SIMULATED", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey, { ...valid, metadata: { sandbox: true } })).body.data.id;
    const res = await sim(m.testKey, id, { outcome: "SUCCESS" });
    expect([res.status, res.body.error.code]).toEqual([409, "PAYMENT_NOT_SIMULATED"]);
    expect((await db().select().from(payments).where(eq(payments.id, id)))[0].status).toBe("PENDING");
  });

  it("refuses an expired payment (expired on read first) and a cancelled one", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const res = await sim(m.testKey, id, { outcome: "SUCCESS" });
    expect([res.status, res.body.error.code]).toEqual([409, "PAYMENT_FINALIZED"]);
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
    const cancelled = (await createVia(m.testKey)).body.data.id;
    await settlePayment(db(), cancelled, { status: "CANCELLED" });
    const res2 = await sim(m.testKey, cancelled, { outcome: "SUCCESS" });
    expect([res2.status, res2.body.error.code]).toEqual([409, "PAYMENT_FINALIZED"]);
  });

  it.each([[{}], [{ outcome: "CANCELLED" }], [{ outcome: "success" }], [{ outcome: 1 }]])("refuses %j with INVALID_OUTCOME", async (body) => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    const res = await sim(m.testKey, id, body);
    expect([res.status, res.body.error.code]).toEqual([400, "INVALID_OUTCOME"]);
  });

  it("is for test keys only: a live key gets 403 TEST_MODE_ONLY", async () => {
    const m = await newLiveMerchant();
    const id = (await createVia(m.liveKey)).body.data.id;
    const res = await sim(m.liveKey, id, { outcome: "SUCCESS" });
    expect([res.status, res.body.error.code]).toEqual([403, "TEST_MODE_ONLY"]);
    expect((await db().select().from(payments).where(eq(payments.id, id)))[0].status).toBe("PENDING");
  });

  it("settles once under concurrent simulations", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => sim(m.testKey, id, { outcome: i % 2 ? "FAILED" : "SUCCESS" })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "PAYMENT_FINALIZED")).toBe(true);
    expect(await eventsOf(id)).toHaveLength(1);
  });
});
