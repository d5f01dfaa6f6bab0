import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { POST as confirm } from "@/app/v1/payments/[id]/confirm/route";
import { POST as reconcile } from "@/app/v1/payments/[id]/reconcile/route";
import { POST as callback } from "@/app/api/operator/callback/route";
import { db } from "@/db/client";
import { events, payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { accountBalances } from "@/lib/ledger/balance";
import { initiatePayment } from "@/lib/payments/initiate";
import { call } from "@/tests/support/http";
import { FakeOperator, serveHandler } from "@/tests/support/fake-operator";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { httpOperatorAdapter } from "@/lib/operator/http-adapter";
import { OperatorError } from "@/lib/operator/port";

let sandbox: FakeOperator;
let live: FakeOperator;
let ours: { url: string; close: () => Promise<void> };
const saved = { ...process.env };

beforeAll(async () => {
  sandbox = await FakeOperator.start({ apiKey: "sbx_key_123", callbackSecret: "sbx_secret_456" });
  live = await FakeOperator.start({ apiKey: "live_key_789" });
  ours = await serveHandler(callback);
  Object.assign(process.env, {
    OPERATOR_SANDBOX_URL: sandbox.url,
    OPERATOR_SANDBOX_KEY: "sbx_key_123",
    OPERATOR_SANDBOX_CALLBACK_SECRET: "sbx_secret_456",
    OPERATOR_LIVE_URL: `${live.url}/`,
    OPERATOR_LIVE_KEY: "live_key_789",
    OPERATOR_TIMEOUT_MS: "5000",
    CAURI_PUBLIC_URL: ours.url,
  });
});

afterEach(() => {
  sandbox.initiate = "pending";
  sandbox.query = "normal";
  process.env.OPERATOR_SANDBOX_URL = sandbox.url;
  process.env.OPERATOR_TIMEOUT_MS = "5000";
});

afterAll(async () => {
  process.env = saved;
  await Promise.all([sandbox.close(), live.close(), ours.close()]);
});

const valid = { amount: 7_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376543210", return_url: "https://shop.example.ml/merci", metadata: { sandbox: true } };
let seq = 0;
async function sandboxPayment(name = "Boutique Test") {
  const m = await newMerchant({ name });
  const res = await call(create, "POST", "/v1/payments", { key: m.testKey, body: valid, idempotencyKey: `op-${++seq}` });
  expect(res.body.data.gateway_used).toBe("operator_sandbox");
  return { m, id: res.body.data.id as string };
}
const rowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type);
const confirmAs = (id: string) => call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: valid.customer_phone }, headers: { "x-forwarded-for": `10.9.0.${++seq % 250}` } });
const reconcileAs = (key: string, id: string) => call(reconcile, "POST", `/v1/payments/${id}/reconcile`, { key, params: { id } });

describe("sandbox adapter: initiation", () => {
  it("starts one collection with our reference, amount, label and callback URL; reloads and double clicks resume it", async () => {
    const { id } = await sandboxPayment("Quincaillerie Moderne de Bamako-Coura");
    const before = sandbox.initiationRequests;
    const answers = await Promise.all([confirmAs(id), confirmAs(id), confirmAs(id)]);
    expect(answers.map((a) => a.body.data.status)).toEqual(["PENDING", "PENDING", "PENDING"]);
    expect((await confirmAs(id)).body.data.status).toBe("PENDING");
    expect(sandbox.initiationRequests - before).toBe(1);
    expect([...sandbox.collections.values()].filter((x) => x.reference === id)).toHaveLength(1);
    const c = sandbox.byReference(id)!;
    expect(c).toMatchObject({ amount: 7_500, msisdn: "+22376543210", callbackUrl: `${ours.url}/api/operator/callback` });
    expect(c.label).toBe("CAURI*Quincaillerie Moderne de");
    expect(c.label.length).toBeLessThanOrEqual(30);
    const row = await rowOf(id);
    expect([row.status, row.operatorSessionId, row.statusReason]).toEqual(["PENDING", c.id, "Waiting for the customer to approve on their phone."]);
  });

  it("applies an immediate SUCCESS or FAILED answer", async () => {
    sandbox.initiate = "succeed";
    const ok = await sandboxPayment();
    expect((await initiatePayment(db(), ok.id)).status).toBe("SUCCESS");
    expect((await rowOf(ok.id)).providerRef).toBe(`OP-${sandbox.byReference(ok.id)!.id}`);
    expect(await accountBalances(db(), ok.m.merchant.id, "test")).toMatchObject({ merchant_available: 7_350, platform_fees: 150 });
    sandbox.initiate = "fail";
    const ko = await sandboxPayment();
    const failed = await initiatePayment(db(), ko.id);
    expect([failed.status, failed.statusReason]).toEqual(["FAILED", "Insufficient funds."]);
    expect(await eventsOf(ko.id)).toEqual(["payment.failed"]);
  });

  it.each([
    ["timeout", /did not answer within 0\.3 s/],
    ["error500", /answered HTTP 500/],
    ["garbage", /not JSON/],
    ["wrong-shape", /could not read/],
  ] as const)("on %s leaves the payment PENDING with a clear reason, and a retry resumes one collection", async (fault, reason) => {
    const { id } = await sandboxPayment();
    sandbox.initiate = fault;
    process.env.OPERATOR_TIMEOUT_MS = "300";
    const started = Date.now();
    const res = await confirmAs(id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "PENDING", initiated_at: null, status_reason: expect.stringMatching(reason) });
    expect(res.body.data.status_reason).toMatch(/stays PENDING/);
    const row = await rowOf(id);
    expect([row.initiatedAt, row.operatorSessionId]).toEqual([null, null]);
    expect(await eventsOf(id)).toEqual([]);

    sandbox.initiate = "pending";
    process.env.OPERATOR_TIMEOUT_MS = "5000";
    const retry = await confirmAs(id);
    expect(retry.body.data).toMatchObject({ status: "PENDING", initiated_at: expect.any(String) });
    // A timed-out request had reached the operator: the retry resumes that same collection.
    expect([...sandbox.collections.values()].filter((c) => c.reference === id)).toHaveLength(1);
    expect((await rowOf(id)).operatorSessionId).toBe(sandbox.byReference(id)!.id);
  });

  it("leaves the payment PENDING with a reason when the sandbox is not configured", async () => {
    const { id } = await sandboxPayment();
    delete process.env.OPERATOR_SANDBOX_URL;
    const res = await confirmAs(id);
    expect(res.body.data).toMatchObject({ status: "PENDING", status_reason: expect.stringMatching(/OPERATOR_SANDBOX_URL/) });
  });

  it("sends live payments to the live endpoint", async () => {
    const m = await newLiveMerchant();
    const res = await call(create, "POST", "/v1/payments", { key: m.liveKey, body: { ...valid, metadata: undefined }, idempotencyKey: "live-op-1" });
    const id = res.body.data.id;
    const sandboxBefore = sandbox.initiationRequests;
    await initiatePayment(db(), id);
    expect(live.byReference(id)).toBeDefined();
    expect(sandbox.initiationRequests).toBe(sandboxBefore);
  });
});

describe("sandbox adapter: status queries", () => {
  it("reads a collection by session id and, without one, by reference; refuses a wrong key", async () => {
    const adapter = httpOperatorAdapter("sandbox");
    const started = await adapter.initiateCollection({ reference: "txn_direct1", amount: 100, currency: "XOF", customerPhone: "+22370000009", label: "CAURI*X", mode: "test" });
    sandbox.complete("txn_direct1", "SUCCESS");
    expect(await adapter.queryCollection(started.sessionId, "txn_direct1")).toMatchObject({ status: "SUCCESS", providerRef: `OP-${started.sessionId}` });
    expect((await adapter.queryCollection(null, "txn_direct1")).status).toBe("SUCCESS");
    await expect(adapter.queryCollection(null, "txn_unknown")).rejects.toMatchObject({ kind: "not_found" });
    process.env.OPERATOR_SANDBOX_KEY = "wrong";
    try {
      await expect(adapter.queryCollection(started.sessionId, "txn_direct1")).rejects.toBeInstanceOf(OperatorError);
    } finally {
      process.env.OPERATOR_SANDBOX_KEY = "sbx_key_123";
    }
  });
});

describe("POST /v1/payments/{id}/reconcile against the sandbox", () => {
  it("applies an outcome the callback never brought", async () => {
    const { m, id } = await sandboxPayment();
    await confirmAs(id);
    sandbox.complete(id, "SUCCESS");
    const res = await reconcileAs(m.testKey, id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ previous_status: "PENDING", operator_status: "SUCCESS", action: "settled", changed: true, payment: { status: "SUCCESS" } });
    expect((await reconcileAs(m.testKey, id)).body.data).toMatchObject({ previous_status: "SUCCESS", operator_status: null, action: "none" });
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });

  it("finds a collection by reference when the initiation answer was lost (timeout)", async () => {
    const { m, id } = await sandboxPayment();
    sandbox.initiate = "timeout";
    process.env.OPERATOR_TIMEOUT_MS = "300";
    await confirmAs(id);
    process.env.OPERATOR_TIMEOUT_MS = "5000";
    expect((await rowOf(id)).operatorSessionId).toBeNull();
    sandbox.complete(id, "FAILED", "Declined by the customer.");
    const res = await reconcileAs(m.testKey, id);
    expect(res.body.data).toMatchObject({ operator_status: "FAILED", action: "settled", payment: { status: "FAILED", status_reason: "Declined by the customer." } });
  });

  it("keeps a payment the operator never saw PENDING, and expires it once expires_at has passed", async () => {
    const { m, id } = await sandboxPayment();
    const res = await reconcileAs(m.testKey, id);
    expect(res.body.data).toMatchObject({ operator_status: "PENDING", action: "none", payment: { status: "PENDING", status_reason: expect.stringMatching(/no collection/) } });
    await confirmAs(id);
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const late = await reconcileAs(m.testKey, id);
    expect(late.body.data).toMatchObject({ operator_status: "PENDING", action: "expired", changed: true, payment: { status: "EXPIRED" } });
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
  });

  it("applies a SUCCESS found after expires_at: the customer paid", async () => {
    const { m, id } = await sandboxPayment();
    await confirmAs(id);
    sandbox.complete(id, "SUCCESS");
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const res = await reconcileAs(m.testKey, id);
    expect(res.body.data).toMatchObject({ operator_status: "SUCCESS", action: "settled", payment: { status: "SUCCESS" } });
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });

  it.each(["timeout", "error500", "garbage"] as const)("answers 502 PROVIDER_ERROR when the query meets %s, and keeps the payment PENDING", async (fault) => {
    const { m, id } = await sandboxPayment();
    await confirmAs(id);
    sandbox.query = fault;
    process.env.OPERATOR_TIMEOUT_MS = "300";
    const res = await reconcileAs(m.testKey, id);
    expect([res.status, res.body.error.code]).toEqual([502, "PROVIDER_ERROR"]);
    const row = await rowOf(id);
    expect(row.status).toBe("PENDING");
    expect(row.statusReason).toMatch(/stays PENDING/);
    // Past expiry the payment expires as on any read, even with the operator unreachable.
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    expect((await reconcileAs(m.testKey, id)).body.data).toMatchObject({ action: "expired", operator_status: null });
  });
});
