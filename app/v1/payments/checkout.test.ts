import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { POST as confirm } from "@/app/v1/payments/[id]/confirm/route";
import { POST as cancel } from "@/app/v1/payments/[id]/cancel/route";
import { db } from "@/db/client";
import { events, payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { accountBalances } from "@/lib/ledger/balance";
import { normalizeCustomerPhone } from "@/lib/payments/checkout";
import { settlePayment } from "@/lib/payments/settle";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const valid = { amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
let seq = 0;
let ip = 0;
const createVia = async (phone = valid.customer_phone) => {
  const m = await newMerchant();
  const res = await call(create, "POST", "/v1/payments", { key: m.testKey, body: { ...valid, customer_phone: phone }, idempotencyKey: `co-${++seq}` });
  return { m, id: res.body.data.id as string };
};
// Each test its own client IP, so the per-IP limit of one test does not bleed into another.
const fromIp = () => ({ "x-forwarded-for": `10.0.${Math.floor(++ip / 250)}.${ip % 250}` });
const confirmAs = (id: string, customer_phone: unknown, headers: Record<string, string> = fromIp()) =>
  call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: customer_phone === undefined ? {} : { customer_phone }, headers });
const cancelAs = (id: string, headers: Record<string, string> = fromIp()) => call(cancel, "POST", `/v1/payments/${id}/cancel`, { params: { id }, headers });
const rowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type);

describe("normalizeCustomerPhone", () => {
  it.each([
    ["+22370000001", "+22370000001"],
    ["70 00 00 01", "+22370000001"],
    ["70.00.00.01", "+22370000001"],
    ["0022370000001", "+22370000001"],
    ["+223 70-00-00-01", "+22370000001"],
    ["7000001", null],
    ["abc", null],
    ["+1234567890123456", null],
  ])("%s → %s", (raw, expected) => expect(normalizeCustomerPhone(raw)).toBe(expected));
});

describe("POST /v1/payments/{id}/confirm (public)", () => {
  it("pushes the collection once: a second click, a reload and concurrent clicks resume the same session", async () => {
    const { id } = await createVia();
    const headers = fromIp();
    const first = await confirmAs(id, "70 00 00 09", headers);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id, status: "PENDING", initiated_at: expect.any(String) });
    expect(first.body.data).not.toHaveProperty("metadata");
    const row = await rowOf(id);
    expect(row.operatorSessionId).toBe(`sim_${id}`);
    const again = await Promise.all([confirmAs(id, "+22370000009", headers), confirmAs(id, "+22370000009", headers), confirmAs(id, "0022370000009", headers)]);
    for (const a of again) expect(a.body.data.initiated_at).toBe(first.body.data.initiated_at);
    expect((await rowOf(id)).initiatedAt).toEqual(row.initiatedAt);
  });

  it("claims a single initiation when the first clicks are concurrent", async () => {
    const { id } = await createVia();
    const answers = await Promise.all(Array.from({ length: 4 }, () => confirmAs(id, "+22370000009")));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const row = await rowOf(id);
    expect(new Set(answers.map((a) => a.body.data.initiated_at).filter(Boolean))).toEqual(new Set([row.initiatedAt!.toISOString()]));
  });

  it("settles the simulator's magic numbers at once", async () => {
    const ok = await createVia("+22370000001");
    expect((await confirmAs(ok.id, "70000001")).body.data.status).toBe("SUCCESS");
    expect(await eventsOf(ok.id)).toEqual(["payment.success"]);
    expect(await accountBalances(db(), ok.m.merchant.id, "test")).toMatchObject({ merchant_available: 4_900, platform_fees: 100 });
    const declined = await createVia("+22370000002");
    expect((await confirmAs(declined.id, "+22370000002")).body.data).toMatchObject({ status: "FAILED", status_reason: expect.stringMatching(/declined/) });
    const broke = await createVia("+22370000004");
    expect((await confirmAs(broke.id, "+22370000004")).body.data).toMatchObject({ status: "FAILED", status_reason: expect.stringMatching(/Insufficient funds/) });
    const waits = await createVia("+22370000003");
    expect((await confirmAs(waits.id, "+22370000003")).body.data.status).toBe("PENDING");
    // Confirming a terminal payment answers it as it is.
    expect((await confirmAs(ok.id, "+22370000001")).body.data.status).toBe("SUCCESS");
    expect(await eventsOf(ok.id)).toEqual(["payment.success"]);
  });

  it("refuses another number, a malformed one and a missing one, without initiating", async () => {
    const { id } = await createVia();
    const mismatch = await confirmAs(id, "+22370000008");
    expect([mismatch.status, mismatch.body.error.code, mismatch.body.error.param]).toEqual([400, "PHONE_MISMATCH", "customer_phone"]);
    expect((await confirmAs(id, "12")).body.error.code).toBe("INVALID_PHONE");
    expect((await confirmAs(id, undefined)).body.error.code).toBe("MISSING_PHONE");
    expect((await rowOf(id)).initiatedAt).toBeNull();
  });

  it("answers an expired payment as EXPIRED, with its event", async () => {
    const { m, id } = await createVia();
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    expect((await confirmAs(id, "+22370000009")).body.data.status).toBe("EXPIRED");
    expect((await rowOf(id)).initiatedAt).toBeNull();
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
  });

  it("answers NOT_FOUND for an unknown payment, and limits each IP to 20 a minute", async () => {
    expect((await confirmAs("txn_unknown", "+22370000009")).status).toBe(404);
    const { id } = await createVia();
    const headers = fromIp();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await confirmAs(id, "+22370000009", headers));
    expect(answers.slice(0, 20).every((a) => a.status === 200)).toBe(true);
    expect([answers[20].status, answers[20].body.error.code, answers[20].headers.get("RateLimit-Limit")]).toEqual([429, "RATE_LIMIT_EXCEEDED", "20"]);
    expect((await confirmAs(id, "+22370000009")).status).toBe(200);
  });
});

describe("POST /v1/payments/{id}/cancel (public)", () => {
  // Cancel is for before the push only (issue 13): once the request is on the customer's phone, a
  // cancel could be followed by the customer approving it, money taken for a CANCELLED payment.
  it("cancels a PENDING payment not yet pushed, without an event or money movement; again answers it cancelled", async () => {
    const { m, id } = await createVia();
    const res = await cancelAs(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: "CANCELLED", status_reason: expect.stringMatching(/customer/), initiated_at: null });
    expect((await cancelAs(id)).body.data.status).toBe("CANCELLED");
    expect(await eventsOf(id)).toEqual([]);
    expect(await accountBalances(db(), m.merchant.id, "test")).toEqual({});
    // A late outcome cannot revive it, and a confirm after the cancel pushes nothing.
    await expect(settlePayment(db(), id, { status: "SUCCESS" })).rejects.toMatchObject({ code: "PAYMENT_FINALIZED" });
    expect((await confirmAs(id, "+22370000009")).body.data.status).toBe("CANCELLED");
    expect((await rowOf(id)).initiatedAt).toBeNull();
  });

  it("refuses once the push was sent (409 PAYMENT_ALREADY_INITIATED) and changes nothing: the operator's answer still ends it", async () => {
    const { m, id } = await createVia();
    await confirmAs(id, "+22370000009");
    const before = await rowOf(id);
    expect(before.initiatedAt).not.toBeNull();
    const res = await cancelAs(id);
    expect([res.status, res.body.success, res.body.error.code]).toEqual([409, false, "PAYMENT_ALREADY_INITIATED"]);
    expect(res.body.error.message).toMatch(/customer's phone/);
    expect(res.body.error.message).toContain(before.expiresAt.toISOString());
    expect(await rowOf(id)).toEqual(before);
    expect(await eventsOf(id)).toEqual([]);
    // The customer approves on the phone: the payment succeeds as usual.
    await settlePayment(db(), id, { status: "SUCCESS" });
    expect((await rowOf(id)).status).toBe("SUCCESS");
    expect(await accountBalances(db(), m.merchant.id, "test")).toMatchObject({ merchant_available: 4_900 });
    expect((await cancelAs(id)).body.error.code).toBe("PAYMENT_FINALIZED");
  });

  it("a confirm racing a cancel never leaves a CANCELLED payment whose request went to the phone", async () => {
    for (let i = 0; i < 4; i++) {
      const { id } = await createVia();
      const [confirmed, cancelled] = await Promise.all([confirmAs(id, "+22370000009"), cancelAs(id)]);
      const row = await rowOf(id);
      if (row.status === "CANCELLED") {
        expect([row.initiatedAt, row.operatorSessionId, cancelled.status]).toEqual([null, null, 200]);
        expect(confirmed.body.data.status).toBe("CANCELLED");
      } else {
        expect([row.status, row.initiatedAt !== null, cancelled.status, cancelled.body.error.code]).toEqual(["PENDING", true, 409, "PAYMENT_ALREADY_INITIATED"]);
      }
    }
  });

  it("refuses a finalized payment and an unknown one", async () => {
    const { id } = await createVia("+22370000001");
    await confirmAs(id, "+22370000001");
    const res = await cancelAs(id);
    expect([res.status, res.body.error.code]).toEqual([409, "PAYMENT_FINALIZED"]);
    expect((await rowOf(id)).status).toBe("SUCCESS");
    expect((await cancelAs("txn_unknown")).status).toBe(404);
  });
});
