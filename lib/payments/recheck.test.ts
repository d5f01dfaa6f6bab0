import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { POST as confirm } from "@/app/v1/payments/[id]/confirm/route";
import { POST as reconcile } from "@/app/v1/payments/[id]/reconcile/route";
import { POST as advance } from "@/app/v1/sandbox/clock/advance/route";
import { db } from "@/db/client";
import { events, journals, merchants, paymentChecks, payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { call } from "@/tests/support/http";
import { FakeOperator } from "@/tests/support/fake-operator";
import { newMerchant } from "@/tests/support/merchant";
import { checksOf } from "./recheck-records";
import { RECHECK_SCHEDULE_SECONDS, recheckPendingPayments } from "./recheck";

let sandbox: FakeOperator;
const saved = { ...process.env };
let seq = 0;

beforeAll(async () => {
  sandbox = await FakeOperator.start({ apiKey: "sbx_key_rck", callbackSecret: "sbx_secret_rck" });
  Object.assign(process.env, { OPERATOR_SANDBOX_URL: sandbox.url, OPERATOR_SANDBOX_KEY: "sbx_key_rck", OPERATOR_SANDBOX_CALLBACK_SECRET: "sbx_secret_rck", OPERATOR_TIMEOUT_MS: "5000" });
});

afterAll(async () => {
  process.env = saved;
  await sandbox.close();
});

/** A test payment for `phone`, pushed to the phone by the customer's confirmation on the checkout. */
async function pushed(phone: string, metadata: Record<string, boolean> = {}) {
  const m = await newMerchant();
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: m.testKey,
    idempotencyKey: `recheck-${++seq}-${Date.now()}`,
    body: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "https://shop.example.ml/merci", metadata },
  });
  expect(created.status).toBe(201);
  const id: string = created.body.data.id;
  const answer = await call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: phone }, headers: { "x-forwarded-for": `10.44.${Math.floor(++seq / 250)}.${seq % 250}` } });
  expect(answer.status).toBe(200);
  return { m, id };
}

const advanceBy = async (key: string, seconds: number) => {
  const res = await call(advance, "POST", "/v1/sandbox/clock/advance", { key, body: { seconds } });
  expect(res.status).toBe(200);
};
const statusOf = async (key: string, id: string) => (await call(getPayment, "GET", `/v1/payments/${id}`, { key, params: { id } })).body.data.status;
const checks = async (id: string) => (await checksOf(db(), id)).filter((c) => c.kind !== "push");
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id)).orderBy(asc(events.createdAt))).map((e) => e.type);

describe("the recheck job settles a collection whose callback never came", () => {
  it("+22370000008: nothing at 1 min 59 s after the push; at 2 min the scheduled check reads SUCCESS from the operator and settles it once, with payment.success and its journal", async () => {
    const { m, id } = await pushed("+22370000008");
    const [push] = await checksOf(db(), id);
    expect(push).toMatchObject({ kind: "push", operatorStatus: "PENDING", action: "none", error: null });

    await advanceBy(m.testKey, 119);
    expect(await statusOf(m.testKey, id)).toBe("PENDING");
    expect(await checks(id)).toEqual([]);

    await advanceBy(m.testKey, 1);
    expect(await statusOf(m.testKey, id)).toBe("SUCCESS");
    const recorded = await checks(id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ kind: "scheduled", slot: 1, operatorStatus: "SUCCESS", action: "settled", error: null });
    expect(recorded[0]!.finishedAt).not.toBeNull();
    expect(await eventsOf(id)).toEqual(["payment.success"]);
    expect((await db().select().from(journals).where(and(eq(journals.refType, "payment"), eq(journals.refId, id)))).map((j) => j.kind)).toEqual(["payment.collected"]);

    // Ended: the job never asks again.
    await advanceBy(m.testKey, 600);
    expect(await checks(id)).toHaveLength(1);
  });

  it("a clock moved past expires_at in one step: the question before the expiry settles it SUCCESS instead of EXPIRED", async () => {
    const { m, id } = await pushed("+22370000008");
    await advanceBy(m.testKey, 20 * 60);
    expect(await statusOf(m.testKey, id)).toBe("SUCCESS");
    expect(await checks(id)).toMatchObject([{ kind: "before_expiry", slot: 0, operatorStatus: "SUCCESS", action: "settled" }]);
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });

  it("a payment never pushed (the customer did not confirm) is never asked about", async () => {
    const m = await newMerchant();
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: `recheck-unpushed-${++seq}`,
      body: { amount: 1_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000008", return_url: "https://shop.example.ml/merci" },
    });
    await advanceBy(m.testKey, 10 * 60);
    expect(await checksOf(db(), created.body.data.id)).toEqual([]);
  });
});

describe("the schedule: backoff, the last question before expires_at, a bound", () => {
  it("checks at 2, 5 and 10 minutes after the push, not before, then once within the last minute before expires_at, then the sweep expires it", async () => {
    const { m, id } = await pushed("+22376543210", { sandbox: true });
    const run = () => recheckPendingPayments(db(), { merchantId: m.merchant.id });
    const at = async (seconds: number) => {
      // The clock relative to the push: initiated_at on the merchant's clock.
      const [p] = await db().select().from(payments).where(eq(payments.id, id));
      const [row] = await db().select({ offset: merchants.testClockOffsetSeconds }).from(merchants).where(eq(merchants.id, m.merchant.id));
      const now = Date.now() + row!.offset * 1000;
      const step = Math.floor((p!.initiatedAt!.getTime() + seconds * 1000 - now) / 1000);
      if (step > 0) await advanceTestClock(db(), m.merchant.id, step);
      return run();
    };
    expect(await at(110)).toBe(0);
    expect(await at(121)).toBe(1);
    expect(await run()).toBe(0);
    expect(await at(290)).toBe(0);
    expect(await at(301)).toBe(1);
    expect(await at(590)).toBe(0);
    expect(await at(601)).toBe(1);
    expect(await at(800)).toBe(0);
    // 15-minute lifetime: the last question in its final minute, once.
    expect(await at(15 * 60 - 50)).toBe(1);
    expect(await run()).toBe(0);
    const kinds = (await checks(id)).map((c) => [c.kind, c.slot, c.operatorStatus, c.action]);
    expect(kinds).toEqual([
      ["scheduled", 1, "PENDING", "none"],
      ["scheduled", 2, "PENDING", "none"],
      ["scheduled", 3, "PENDING", "none"],
      ["before_expiry", 0, "PENDING", "none"],
    ]);
    expect(await statusOf(m.testKey, id)).toBe("PENDING");
    await advanceBy(m.testKey, 60);
    expect(await statusOf(m.testKey, id)).toBe("EXPIRED");
    expect(await checks(id)).toHaveLength(4);
  });

  it("is bounded: a payment with a long life gets the schedule's checks and no more, then the last one before expires_at", async () => {
    const { m, id } = await pushed("+22376543211", { sandbox: true });
    const [p] = await db().select().from(payments).where(eq(payments.id, id));
    await db().update(payments).set({ expiresAt: new Date(p!.initiatedAt!.getTime() + 4 * 3600_000) }).where(eq(payments.id, id));
    // One pass per quarter of an hour for three hours: one check per slot, never two in a pass.
    for (let i = 0; i < 12; i++) {
      await advanceTestClock(db(), m.merchant.id, 15 * 60);
      await recheckPendingPayments(db(), { merchantId: m.merchant.id });
    }
    const scheduled = (await checks(id)).filter((c) => c.kind === "scheduled");
    expect(scheduled.map((c) => c.slot)).toEqual(RECHECK_SCHEDULE_SECONDS.map((_, i) => i + 1));
    await advanceTestClock(db(), m.merchant.id, 60 * 60);
    await recheckPendingPayments(db(), { merchantId: m.merchant.id });
    expect((await checks(id)).map((c) => c.kind).slice(-1)).toEqual(["before_expiry"]);
    expect(await checks(id)).toHaveLength(RECHECK_SCHEDULE_SECONDS.length + 1);
  });

  it("a merchant's reconcile within the last minute postpones the scheduled check; reconcile is recorded as a manual check through the same path", async () => {
    const { m, id } = await pushed("+22376543212", { sandbox: true });
    await advanceTestClock(db(), m.merchant.id, 100);
    const res = await call(reconcile, "POST", `/v1/payments/${id}/reconcile`, { key: m.testKey, params: { id } });
    expect(res.status).toBe(200);
    expect(await checks(id)).toMatchObject([{ kind: "manual", operatorStatus: "PENDING", action: "none", slot: null }]);
    await advanceTestClock(db(), m.merchant.id, 25);
    expect(await recheckPendingPayments(db(), { merchantId: m.merchant.id })).toBe(0);
    await advanceTestClock(db(), m.merchant.id, 40);
    expect(await recheckPendingPayments(db(), { merchantId: m.merchant.id })).toBe(1);
  });

  it("two passes at once check a due payment once (one operator query, one check row)", async () => {
    const { m, id } = await pushed("+22376543213", { sandbox: true });
    await advanceTestClock(db(), m.merchant.id, 130);
    const before = sandbox.queryRequests;
    const counts = await Promise.all([recheckPendingPayments(db(), { merchantId: m.merchant.id }), recheckPendingPayments(db(), { merchantId: m.merchant.id }), recheckPendingPayments(db(), { merchantId: m.merchant.id })]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sandbox.queryRequests - before).toBe(1);
    expect(await checks(id)).toHaveLength(1);
  });
});

describe("an operator that cannot be asked", () => {
  it("the scheduled check records the error and leaves the payment PENDING with the reason; reconcile records it too and answers 502", async () => {
    const { m, id } = await pushed("+22376543214", { sandbox: true });
    sandbox.query = "error500";
    try {
      await advanceTestClock(db(), m.merchant.id, 125);
      expect(await recheckPendingPayments(db(), { merchantId: m.merchant.id })).toBe(1);
      const [check] = await checks(id);
      expect(check).toMatchObject({ kind: "scheduled", operatorStatus: null, action: "none" });
      expect(check!.error).toMatch(/500/);
      const [p] = await db().select().from(payments).where(eq(payments.id, id));
      expect(p).toMatchObject({ status: "PENDING" });
      expect(p!.statusReason).toMatch(/500/);

      await advanceTestClock(db(), m.merchant.id, 60);
      const res = await call(reconcile, "POST", `/v1/payments/${id}/reconcile`, { key: m.testKey, params: { id } });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe("PROVIDER_ERROR");
      expect((await checks(id)).map((c) => [c.kind, c.operatorStatus, c.error !== null])).toEqual([
        ["scheduled", null, true],
        ["manual", null, true],
      ]);
    } finally {
      sandbox.query = "normal";
    }
  });

  it("+22370000006: the push itself is recorded with the operator's 503, and the payment is not rechecked (it was never pushed)", async () => {
    const { m, id } = await pushed("+22370000006");
    const rows = await checksOf(db(), id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "push", operatorStatus: null, action: "none" });
    expect(rows[0]!.error).toMatch(/503/);
    await advanceBy(m.testKey, 5 * 60);
    expect(await checks(id)).toEqual([]);
  });
});

describe("payment_checks", () => {
  it("a reconcile of a terminal payment asks nobody and records nothing", async () => {
    const { m, id } = await pushed("+22370000001");
    expect(await statusOf(m.testKey, id)).toBe("SUCCESS");
    const res = await call(reconcile, "POST", `/v1/payments/${id}/reconcile`, { key: m.testKey, params: { id } });
    expect(res.status).toBe(200);
    expect((await db().select().from(paymentChecks).where(eq(paymentChecks.paymentId, id))).map((c) => [c.kind, c.operatorStatus, c.action])).toEqual([["push", "SUCCESS", "settled"]]);
  });
});
