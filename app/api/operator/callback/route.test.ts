import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { POST as callback } from "@/app/api/operator/callback/route";
import { db } from "@/db/client";
import { events, payments } from "@/db/schema";
import { accountBalances } from "@/lib/ledger/balance";
import { initiatePayment } from "@/lib/payments/initiate";
import { settlePayment } from "@/lib/payments/settle";
import { OPERATOR_SIGNATURE_HEADER, signOperatorBody } from "@/lib/operator/signature";
import { call } from "@/tests/support/http";
import { FakeOperator, serveHandler } from "@/tests/support/fake-operator";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

let sandbox: FakeOperator;
let live: FakeOperator;
let ours: { url: string; close: () => Promise<void> };
const saved = { ...process.env };

beforeAll(async () => {
  sandbox = await FakeOperator.start({ apiKey: "sbx_key", callbackSecret: "sbx_callback_secret" });
  live = await FakeOperator.start({ apiKey: "live_key", callbackSecret: "live_callback_secret" });
  ours = await serveHandler(callback);
  Object.assign(process.env, {
    OPERATOR_SANDBOX_URL: sandbox.url,
    OPERATOR_SANDBOX_KEY: "sbx_key",
    OPERATOR_SANDBOX_CALLBACK_SECRET: "sbx_callback_secret",
    OPERATOR_LIVE_URL: live.url,
    OPERATOR_LIVE_KEY: "live_key",
    OPERATOR_LIVE_CALLBACK_SECRET: "live_callback_secret",
    OPERATOR_TIMEOUT_MS: "1000",
    CAURI_PUBLIC_URL: ours.url,
  });
});

afterAll(async () => {
  process.env = saved;
  await Promise.all([sandbox.close(), live.close(), ours.close()]);
});

const body = { amount: 20_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000000", return_url: "https://shop.example.ml/ok", metadata: { sandbox: true } };
let seq = 0;
async function initiated() {
  const m = await newMerchant();
  const id = (await call(create, "POST", "/v1/payments", { key: m.testKey, body, idempotencyKey: `cb-${++seq}` })).body.data.id as string;
  await initiatePayment(db(), id);
  return { m, id };
}
const rowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type);
const post = (raw: string, signature: string | null) =>
  call(callback, "POST", "/api/operator/callback", { rawBody: raw, headers: { "content-type": "application/json", ...(signature ? { [OPERATOR_SIGNATURE_HEADER]: signature } : {}) } });

describe("POST /api/operator/callback", () => {
  it("settles SUCCESS from a signed callback over HTTP, once, however often it is replayed", async () => {
    const { m, id } = await initiated();
    sandbox.complete(id, "SUCCESS");
    const first = await sandbox.sendCallback(id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ payment_id: id, status: "SUCCESS", changed: true });
    const replays = await Promise.all([sandbox.sendCallback(id), sandbox.sendCallback(id), sandbox.sendCallback(id)]);
    expect(replays.map((r) => [r.status, r.body.data.changed])).toEqual([[200, false], [200, false], [200, false]]);
    const row = await rowOf(id);
    expect([row.status, row.providerRef]).toEqual(["SUCCESS", `OP-${sandbox.byReference(id)!.id}`]);
    expect(await eventsOf(id)).toEqual(["payment.success"]);
    expect(await accountBalances(db(), m.merchant.id, "test")).toMatchObject({ merchant_available: 19_600, platform_fees: 400, operator_clearing: -20_000 });
  });

  it("settles FAILED with the operator's reason", async () => {
    const { id } = await initiated();
    sandbox.complete(id, "FAILED", "Declined by the customer.");
    expect((await sandbox.sendCallback(id)).body.data.status).toBe("FAILED");
    expect((await rowOf(id)).statusReason).toBe("Declined by the customer.");
    expect(await eventsOf(id)).toEqual(["payment.failed"]);
  });

  it("refuses a missing, wrong or tampered signature with 401 and changes nothing", async () => {
    const { id } = await initiated();
    const c = sandbox.complete(id, "SUCCESS");
    const raw = sandbox.callbackBody(c);
    const good = signOperatorBody("sbx_callback_secret", raw);
    for (const [text, signature] of [
      [raw, null],
      [raw, "sha256=00"],
      [raw, signOperatorBody("some_other_secret", raw)],
      [raw.replace("SUCCESS", "FAILED"), good],
      [raw, good.toUpperCase()],
    ] as const) {
      const res = await post(text, signature);
      expect([res.status, res.body.error.code]).toEqual([401, "OPERATOR_SIGNATURE_INVALID"]);
    }
    expect((await rowOf(id)).status).toBe("PENDING");
    expect(await eventsOf(id)).toEqual([]);
    expect((await post(raw, good)).status).toBe(200);
  });

  it("never lets one adapter's callback settle another adapter's payment", async () => {
    const { id } = await initiated();
    const raw = JSON.stringify({ reference: id, status: "SUCCESS", provider_ref: "X" });
    const res = await post(raw, signOperatorBody("live_callback_secret", raw));
    expect([res.status, res.body.error.code]).toEqual([404, "NOT_FOUND"]);
    // Nor a simulator payment.
    const m = await newMerchant();
    const simId = (await call(create, "POST", "/v1/payments", { key: m.testKey, body: { ...body, metadata: undefined }, idempotencyKey: `cb-${++seq}` })).body.data.id;
    const raw2 = JSON.stringify({ reference: simId, status: "SUCCESS" });
    expect((await post(raw2, signOperatorBody("sbx_callback_secret", raw2))).status).toBe(404);
    expect((await rowOf(id)).status).toBe("PENDING");
    expect((await rowOf(simId)).status).toBe("PENDING");
  });

  it("settles a live payment with the live secret", async () => {
    const m = await newLiveMerchant();
    const id = (await call(create, "POST", "/v1/payments", { key: m.liveKey, body: { ...body, metadata: undefined }, idempotencyKey: "cb-live" })).body.data.id;
    await initiatePayment(db(), id);
    live.complete(id, "SUCCESS");
    expect((await live.sendCallback(id)).body.data).toMatchObject({ status: "SUCCESS", changed: true });
    expect(await accountBalances(db(), m.merchant.id, "live")).toMatchObject({ merchant_available: 19_600 });
  });

  it("refuses another session than the recorded one, an unknown reference and an unreadable body", async () => {
    const { id } = await initiated();
    const mismatch = JSON.stringify({ reference: id, session_id: "col_other", status: "SUCCESS" });
    expect((await post(mismatch, signOperatorBody("sbx_callback_secret", mismatch))).body.error.code).toBe("OPERATOR_SESSION_MISMATCH");
    const unknown = JSON.stringify({ reference: "txn_unknown", status: "SUCCESS" });
    expect((await post(unknown, signOperatorBody("sbx_callback_secret", unknown))).status).toBe(404);
    for (const [raw, code] of [
      ["{not json", "INVALID_JSON"],
      ["[]", "INVALID_BODY"],
      [JSON.stringify({ reference: id, status: "DONE" }), "INVALID_FIELD"],
      [JSON.stringify({ status: "SUCCESS" }), "MISSING_FIELD"],
    ] as const) {
      const res = await post(raw, signOperatorBody("sbx_callback_secret", raw));
      expect([res.status, res.body.error.code]).toEqual([400, code]);
    }
    expect((await rowOf(id)).status).toBe("PENDING");
  });

  it("acknowledges a SUCCESS for an ended payment without changing it, and books it once as a late collection", async () => {
    const { m, id } = await initiated();
    await settlePayment(db(), id, { status: "CANCELLED" });
    sandbox.complete(id, "SUCCESS");
    const res = await sandbox.sendCallback(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ payment_id: id, status: "CANCELLED", changed: false, late_collection_id: expect.stringMatching(/^lc_/) });
    const replay = await sandbox.sendCallback(id);
    expect(replay.body.data.late_collection_id).toBe(res.body.data.late_collection_id);
    expect((await rowOf(id)).status).toBe("CANCELLED");
    expect(await eventsOf(id)).toEqual(["payment.late_success"]);
    // Held in suspense for staff (lib/payments/late-collection.ts), not credited to the merchant.
    expect(await accountBalances(db(), m.merchant.id, "test")).toMatchObject({ operator_clearing: -20_000, late_collections_suspense: 20_000 });
    expect((await accountBalances(db(), m.merchant.id, "test")).merchant_available ?? 0).toBe(0);
  });

  it("acknowledges a FAILED for an ended payment without changing or booking anything", async () => {
    const { id } = await initiated();
    await settlePayment(db(), id, { status: "CANCELLED" });
    sandbox.complete(id, "FAILED", "Declined.");
    const res = await sandbox.sendCallback(id);
    expect([res.status, res.body.data]).toEqual([200, { payment_id: id, status: "CANCELLED", changed: false }]);
    expect(await eventsOf(id)).toEqual([]);
  });

  it("records a PENDING callback's reason only", async () => {
    const { id } = await initiated();
    const raw = JSON.stringify({ reference: id, status: "PENDING", reason: "USSD prompt sent again." });
    expect((await post(raw, signOperatorBody("sbx_callback_secret", raw))).body.data).toEqual({ payment_id: id, status: "PENDING", changed: false });
    expect((await rowOf(id)).statusReason).toBe("USSD prompt sent again.");
  });
});
