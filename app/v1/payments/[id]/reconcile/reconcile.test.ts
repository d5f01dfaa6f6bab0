import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { POST as confirm } from "@/app/v1/payments/[id]/confirm/route";
import { POST as reconcile } from "@/app/v1/payments/[id]/reconcile/route";
import { db } from "@/db/client";
import { advanceTestClock } from "@/lib/clock";
import { call } from "@/tests/support/http";
import { FakeOperator } from "@/tests/support/fake-operator";
import { newMerchant } from "@/tests/support/merchant";

let sandbox: FakeOperator;
const saved = { ...process.env };

beforeAll(async () => {
  sandbox = await FakeOperator.start({ apiKey: "sbx_key_rec", callbackSecret: "sbx_secret_rec" });
  Object.assign(process.env, { OPERATOR_SANDBOX_URL: sandbox.url, OPERATOR_SANDBOX_KEY: "sbx_key_rec", OPERATOR_SANDBOX_CALLBACK_SECRET: "sbx_secret_rec", OPERATOR_TIMEOUT_MS: "5000" });
});

afterAll(async () => {
  process.env = saved;
  await sandbox.close();
});

const body = { amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376543210", return_url: "https://shop.example.ml/merci" };
let seq = 0;

async function paymentOf(metadata: Record<string, boolean>) {
  const m = await newMerchant();
  const res = await call(create, "POST", "/v1/payments", { key: m.testKey, body: { ...body, metadata }, idempotencyKey: `rec-${++seq}` });
  return { m, id: res.body.data.id as string };
}
const reconcileAs = (key: string, id: string) => call(reconcile, "POST", `/v1/payments/${id}/reconcile`, { key, params: { id } });
const confirmAs = (id: string) =>
  call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: body.customer_phone }, headers: { "x-forwarded-for": `10.8.0.${++seq % 250}` } });

describe("POST /v1/payments/{id}/reconcile: updated and new_status", () => {
  it.each(["SUCCESS", "FAILED"] as const)("an operator %s applied now is updated: true with that new_status; reconciling again is updated: false", async (outcome) => {
    const { m, id } = await paymentOf({ sandbox: true });
    await confirmAs(id);
    sandbox.complete(id, outcome);
    const first = await reconcileAs(m.testKey, id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ previous_status: "PENDING", action: "settled", updated: true, new_status: outcome, payment: { status: outcome } });
    const again = await reconcileAs(m.testKey, id);
    expect(again.body.data).toMatchObject({ previous_status: outcome, action: "none", updated: false, new_status: outcome });
  });

  it("a payment still pending at the operator is updated: false, new_status PENDING; past expires_at it is updated: true, new_status EXPIRED", async () => {
    const { m, id } = await paymentOf({ service_mock: true });
    const pending = await reconcileAs(m.testKey, id);
    expect(pending.body.data).toMatchObject({ operator_status: "PENDING", updated: false, new_status: "PENDING", payment: { status: "PENDING" } });
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const expired = await reconcileAs(m.testKey, id);
    expect(expired.body.data).toMatchObject({ previous_status: "PENDING", action: "expired", updated: true, new_status: "EXPIRED" });
    const after = await reconcileAs(m.testKey, id);
    expect(after.body.data).toMatchObject({ previous_status: "EXPIRED", updated: false, new_status: "EXPIRED" });
  });

  it("new_status is always the answered payment's status, beside today's fields", async () => {
    const { m, id } = await paymentOf({ service_mock: true });
    const res = await reconcileAs(m.testKey, id);
    expect(Object.keys(res.body.data).sort()).toEqual(["action", "changed", "new_status", "operator_status", "payment", "previous_status", "updated"]);
    expect(res.body.data.new_status).toBe(res.body.data.payment.status);
  });
});
