import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as callback } from "@/app/api/operator/callback/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { db } from "@/db/client";
import { events, journals } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { OPERATOR_SIGNATURE_HEADER, signOperatorBody } from "@/lib/operator/signature";
import { simulatorCallbackSecret } from "@/lib/operator/simulator";
import { initiatePayment } from "@/lib/payments/initiate";
import { deliverSimulatedCallbacks } from "@/lib/sandbox/simulated-callbacks";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

let seq = 0;
const body = (phone: string) => ({ amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "https://shop.example.ml/ok" });
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type);
const post = (raw: string, signature: string) =>
  call(callback, "POST", "/api/operator/callback", { rawBody: raw, headers: { "content-type": "application/json", [OPERATOR_SIGNATURE_HEADER]: signature } });
const simulatorSigned = (payload: unknown) => {
  const raw = JSON.stringify(payload);
  return [raw, signOperatorBody(simulatorCallbackSecret(), raw)] as const;
};

describe("the simulated operator's callbacks", () => {
  it("are signed callbacks the real handler takes: POST /api/operator/callback settles a simulator payment once, replays change nothing", async () => {
    const m = await newMerchant();
    const id = (await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: body("+22370000013"), idempotencyKey: `simcb-${++seq}` })).body.data.id;
    const pushed = await initiatePayment(db(), id);
    const [raw, signature] = simulatorSigned({ reference: id, session_id: pushed.operatorSessionId, status: "SUCCESS", provider_ref: `SIM-${id}` });
    const first = await post(raw, signature);
    expect([first.status, first.body.data]).toEqual([200, { payment_id: id, status: "SUCCESS", changed: true }]);
    expect((await post(raw, signature)).body.data).toEqual({ payment_id: id, status: "SUCCESS", changed: false });
    expect(await eventsOf(id)).toEqual(["payment.success"]);
    // Tampered: refused before anything is read.
    expect((await post(raw.replace("SUCCESS", "FAILED"), signature)).body.error.code).toBe("OPERATOR_SIGNATURE_INVALID");
  });

  it("never settle a payment of another adapter (a live one: 404)", async () => {
    const m = await newLiveMerchant();
    const id = (await call(createPayment, "POST", "/v1/payments", { key: m.liveKey, body: body("+22370000013"), idempotencyKey: `simcb-live-${++seq}` })).body.data.id;
    const [raw, signature] = simulatorSigned({ reference: id, status: "SUCCESS" });
    const res = await post(raw, signature);
    expect([res.status, res.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect(await eventsOf(id)).toEqual([]);
  });

  it("duplicate_callback sends its callback twice when due, absorbed as a replay: one success, one journal, nothing on the next pass", async () => {
    const m = await newMerchant();
    const id = (await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: body("+22370000013"), idempotencyKey: `simcb-${++seq}` })).body.data.id;
    await initiatePayment(db(), id);
    expect(await deliverSimulatedCallbacks(db(), { merchantId: m.merchant.id })).toBe(0);
    await advanceTestClock(db(), m.merchant.id, 61);
    expect(await deliverSimulatedCallbacks(db(), { merchantId: m.merchant.id })).toBe(2);
    expect(await deliverSimulatedCallbacks(db(), { merchantId: m.merchant.id })).toBe(0);
    expect(await eventsOf(id)).toEqual(["payment.success"]);
    expect(await db().select().from(journals).where(and(eq(journals.refType, "payment"), eq(journals.refId, id)))).toHaveLength(1);
  });

  it("the unscoped pass (the real-time job) delivers a due callback of a PENDING payment too", async () => {
    const m = await newMerchant();
    const id = (await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: body("+22370000007"), idempotencyKey: `simcb-${++seq}` })).body.data.id;
    expect((await initiatePayment(db(), id)).statusReason).toMatch(/^The operator did not answer within 10 s\. The payment stays PENDING/);
    await advanceTestClock(db(), m.merchant.id, 121);
    await deliverSimulatedCallbacks(db());
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });
});
