import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { events, journals, oprRequests, oprSandboxMessages, payments } from "@/db/schema";
import { accountBalances } from "@/lib/ledger/balance";
import { newOtp, otpMatches } from "@/lib/onsite-requests/otp";
import { call, type CallOptions } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { POST as advanceClock } from "../sandbox/clock/advance/route";
import { GET as readOtp } from "../sandbox/opr/[token]/otp/route";
import { POST as cancelOnCheckout } from "../payments/[id]/cancel/route";
import { POST as confirmOnCheckout } from "../payments/[id]/confirm/route";
import { POST as charge } from "./charge/route";
import { POST as create } from "./create/route";
import { flushLogs } from "@/lib/log";

type Handler = Parameters<typeof call>[0];

async function checked(handler: Handler, method: string, path: string, options: CallOptions = {}) {
  const res = await call(handler, method, path, options);
  expectMatchesOpenApi(method, path, res.status, res.body);
  return res;
}

const body = (phone = "+22376000000", extra: Record<string, unknown> = {}) => ({ amount: 2500, payment_method: "OPERATOR_MONEY", customer_phone: phone, client_reference: "order-7", ...extra });

const createOpr = (key: string, payload: unknown = body(), idempotencyKey: string = randomUUID()) => checked(create, "POST", "/v1/opr/create", { key, body: payload, idempotencyKey });
const otpOf = (key: string, token: string) => checked(readOtp, "GET", `/v1/sandbox/opr/${token}/otp`, { key, params: { token } });
const chargeOpr = (key: string, token: string, otp: string) => checked(charge, "POST", "/v1/opr/charge", { key, body: { token, otp } });
const wrong = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, "0");

const paymentOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type).sort();

describe("POST /v1/opr/create", () => {
  it("creates a PENDING payment and a request whose code reaches only the simulated inbox, stored hashed", async () => {
    const m = await newMerchant();
    const res = await createOpr(m.testKey);
    expect(res.status).toBe(201);
    const opr = res.body.data;
    expect(opr).toMatchObject({ status: "PENDING", amount: 2500, currency: "XOF", customer_phone: "+22376000000", attempts_remaining: 3, completed_at: null });
    expect(opr.token).toMatch(/^opr_[A-Za-z0-9]{32}$/);
    const payment = await paymentOf(opr.payment_id);
    expect(payment).toMatchObject({ status: "PENDING", amount: 2500, merchantId: m.merchant.id, mode: "test", returnUrl: null, adapter: "simulator" });
    expect(opr.expires_at).toBe(payment.expiresAt.toISOString());

    const otp = (await otpOf(m.testKey, opr.token)).body.data;
    expect(otp).toMatchObject({ token: opr.token, to: "+22376000000", otp: expect.stringMatching(/^\d{6}$/) });
    const [row] = await db().select().from(oprRequests).where(eq(oprRequests.token, opr.token));
    expect(JSON.stringify(row)).not.toContain(otp.otp);
    expect(otpMatches(otp.otp, row.otpSalt, row.otpHash)).toBe(true);
    expect(otpMatches(wrong(otp.otp), row.otpSalt, row.otpHash)).toBe(false);
  });

  it("validates the payment body without return_url, and requires an idempotency key", async () => {
    const m = await newMerchant();
    expect((await createOpr(m.testKey, body("+22376000000", { amount: 99 }))).body.error).toMatchObject({ code: "INVALID_AMOUNT", param: "amount" });
    expect((await createOpr(m.testKey, body("+22376000000", { amount: 5_000_001 }))).body.error.code).toBe("INVALID_AMOUNT");
    expect((await createOpr(m.testKey, body("+22376000000", { amount: 5_000_000 }))).status).toBe(201);
    expect((await createOpr(m.testKey, { amount: 2500, payment_method: "OPERATOR_MONEY" })).body.error.code).toBe("MISSING_PHONE");
    expect((await createOpr(m.testKey, body("22376"))).body.error.code).toBe("INVALID_PHONE");
    expect((await createOpr(m.testKey, body("+22376000000", { payment_method: "CARD" }))).body.error.code).toBe("INVALID_PAYMENT_METHOD");
    expect((await createOpr(m.testKey, body("+22376000000", { metadata: { sandbox: true } }))).body.error).toMatchObject({ code: "OPR_SANDBOX_ONLY_FLAG", param: "metadata" });
    const missingKey = await checked(create, "POST", "/v1/opr/create", { key: m.testKey, body: body() });
    expect(missingKey.body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
  });

  it("replays the same request for the same idempotency key: one payment, one code", async () => {
    const m = await newMerchant();
    const key = randomUUID();
    const [a, b] = await Promise.all([createOpr(m.testKey, body(), key), createOpr(m.testKey, body(), key)]);
    expect(b.body.data.token).toBe(a.body.data.token);
    expect(await db().select().from(oprRequests).where(eq(oprRequests.merchantId, m.merchant.id))).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(1);
    expect((await createOpr(m.testKey, body("+22376000000", { amount: 9999 }), key)).body.error.code).toBe("IDEMPOTENCY_CONFLICT");
  });
});

describe("POST /v1/opr/charge", () => {
  it("completes with the right code: the payment is SUCCESS through settlement (ledger, event)", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
    const res = await chargeOpr(m.testKey, opr.token, otp);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ token: opr.token, status: "COMPLETED", attempts_remaining: 3, payment: { id: opr.payment_id, status: "SUCCESS", amount: 2500 } });
    expect(res.body.data.completed_at).toEqual(expect.any(String));
    expect(await eventsOf(opr.payment_id)).toEqual(["payment.success"]);
    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances.merchant_available).toBe(2500 - res.body.data.payment.fee_total);

    // Used: no second charge, and the simulated inbox has forgotten the code.
    expect((await chargeOpr(m.testKey, opr.token, otp)).body.error.code).toBe("OPR_COMPLETED");
    expect((await otpOf(m.testKey, opr.token)).body.error.code).toBe("OPR_COMPLETED");
    expect(await db().select().from(oprSandboxMessages).where(eq(oprSandboxMessages.token, opr.token))).toHaveLength(0);
  });

  it("counts wrong codes and cancels the request and its payment at the third", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;

    const first = await chargeOpr(m.testKey, opr.token, wrong(otp));
    expect(first.status).toBe(400);
    expect(first.body.error).toMatchObject({ code: "OTP_INCORRECT", param: "otp", message: expect.stringContaining("2 attempts left") });
    expect((await chargeOpr(m.testKey, opr.token, wrong(otp))).body.error.message).toContain("1 attempt left");
    const third = await chargeOpr(m.testKey, opr.token, wrong(otp));
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe("OPR_CANCELLED");

    expect(await paymentOf(opr.payment_id)).toMatchObject({ status: "CANCELLED" });
    expect(await eventsOf(opr.payment_id)).toEqual([]);
    // Even the right code is refused now.
    expect((await chargeOpr(m.testKey, opr.token, otp)).body.error.code).toBe("OPR_CANCELLED");
    expect((await otpOf(m.testKey, opr.token)).body.error.code).toBe("OPR_CANCELLED");
  });

  it("a malformed code is refused without counting as an attempt", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    for (const otp of ["12345", "1234567", "12a456", ""]) {
      expect((await chargeOpr(m.testKey, opr.token, otp)).body.error).toMatchObject({ code: "INVALID_OTP", param: "otp" });
    }
    expect((await checked(charge, "POST", "/v1/opr/charge", { key: m.testKey, body: { otp: "123456" } })).body.error).toMatchObject({ code: "MISSING_FIELD", param: "token" });
    const [row] = await db().select().from(oprRequests).where(eq(oprRequests.token, opr.token));
    expect(row.attemptsRemaining).toBe(3);
  });

  it("counts concurrent wrong codes exactly: never more than 3 tries", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
    const results = await Promise.all(Array.from({ length: 6 }, () => chargeOpr(m.testKey, opr.token, wrong(otp))));
    const codes = results.map((r) => r.body.error.code).sort();
    expect(codes).toEqual(["OPR_CANCELLED", "OPR_CANCELLED", "OPR_CANCELLED", "OPR_CANCELLED", "OTP_INCORRECT", "OTP_INCORRECT"]);
    const [row] = await db().select().from(oprRequests).where(eq(oprRequests.token, opr.token));
    expect(row).toMatchObject({ status: "CANCELLED", attemptsRemaining: 0 });
  });

  it("concurrent right codes charge once", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
    const results = await Promise.all(Array.from({ length: 4 }, () => chargeOpr(m.testKey, opr.token, otp)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await db().select().from(journals).where(and(eq(journals.refId, opr.payment_id), eq(journals.kind, "payment.collected")))).toHaveLength(1);
    expect(await eventsOf(opr.payment_id)).toEqual(["payment.success"]);
  });

  it("the simulator's declining numbers still decline after the right code", async () => {
    const m = await newMerchant();
    for (const phone of ["+22370000002", "+22370000004"]) {
      const opr = (await createOpr(m.testKey, body(phone))).body.data;
      const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
      const res = await chargeOpr(m.testKey, opr.token, otp);
      expect(res.body.data).toMatchObject({ status: "COMPLETED", payment: { status: "FAILED", status_reason: expect.any(String) } });
    }
    const opr = (await createOpr(m.testKey, body("+22370000001"))).body.data;
    const res = await chargeOpr(m.testKey, opr.token, (await otpOf(m.testKey, opr.token)).body.data.otp);
    expect(res.body.data.payment.status).toBe("SUCCESS");
  });

  it("expires with its payment (test clock): 410, the payment EXPIRED once", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
    const seconds = Math.ceil((Date.parse(opr.expires_at) - Date.now()) / 1000) + 5;
    expect((await call(advanceClock, "POST", "/v1/sandbox/clock/advance", { key: m.testKey, body: { seconds } })).status).toBe(200);
    const res = await chargeOpr(m.testKey, opr.token, otp);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe("OPR_EXPIRED");
    expect(await paymentOf(opr.payment_id)).toMatchObject({ status: "EXPIRED" });
    expect(await eventsOf(opr.payment_id)).toEqual(["payment.expired"]);
    expect((await otpOf(m.testKey, opr.token)).body.error.code).toBe("OPR_EXPIRED");
  });

  it("expires at expires_at even before any sweep ran", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
    // The request's own deadline (the sweep has not touched the payment).
    await db().update(oprRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oprRequests.token, opr.token));
    expect((await chargeOpr(m.testKey, opr.token, otp)).status).toBe(410);
  });
});

describe("isolation and test-mode only", () => {
  it("a live key gets 403 TEST_MODE_ONLY on every OPR route", async () => {
    const m = await newLiveMerchant();
    expect((await createOpr(m.liveKey)).body.error.code).toBe("TEST_MODE_ONLY");
    expect((await chargeOpr(m.liveKey, `opr_${"a".repeat(32)}`, "123456")).body.error.code).toBe("TEST_MODE_ONLY");
    expect((await otpOf(m.liveKey, `opr_${"a".repeat(32)}`)).body.error.code).toBe("TEST_MODE_ONLY");
    expect((await createOpr(m.liveKey)).status).toBe(403);
  });

  it("another merchant's request is 404, and its attempts are untouched", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const opr = (await createOpr(a.testKey)).body.data;
    const otp = (await otpOf(a.testKey, opr.token)).body.data.otp;
    expect((await chargeOpr(b.testKey, opr.token, otp)).status).toBe(404);
    expect((await chargeOpr(b.testKey, opr.token, wrong(otp))).body.error.code).toBe("NOT_FOUND");
    expect((await otpOf(b.testKey, opr.token)).status).toBe(404);
    const [row] = await db().select().from(oprRequests).where(eq(oprRequests.token, opr.token));
    expect(row).toMatchObject({ status: "PENDING", attemptsRemaining: 3 });
    expect((await chargeOpr(a.testKey, opr.token, otp)).status).toBe(200);
  });
});

describe("the one-time code", () => {
  let logged: string[] = [];
  const original = { log: console.log, error: console.error, env: process.env.CAURI_LOG };
  beforeEach(() => {
    logged = [];
    process.env.CAURI_LOG = "";
    console.log = (...args: unknown[]) => logged.push(args.join(" "));
    console.error = (...args: unknown[]) => logged.push(args.join(" "));
  });
  afterEach(() => {
    console.log = original.log;
    console.error = original.error;
    process.env.CAURI_LOG = original.env;
  });

  it("is never written to the logs, nor the customer's full number", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey, body("+22376123456"))).body.data;
    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
    await chargeOpr(m.testKey, opr.token, wrong(otp));
    await chargeOpr(m.testKey, opr.token, otp);
    flushLogs();
    expect(logged.length).toBeGreaterThan(0);
    const all = logged.join("\n");
    expect(all).not.toContain(otp);
    expect(all).not.toContain("+22376123456");
  });

  it("is 6 digits from the whole range, leading zeros included", () => {
    const codes = Array.from({ length: 5000 }, newOtp);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(codes.some((c) => c.startsWith("0"))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(4950);
  });
});

describe("the hosted checkout and an OPR payment", () => {
  it("cannot confirm or cancel it (409 OPR_CHECKOUT_NOT_AVAILABLE): only the one-time code pays it", async () => {
    const m = await newMerchant();
    const opr = (await createOpr(m.testKey)).body.data;
    const id = opr.payment_id;
    const confirmed = await checked(confirmOnCheckout, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: "+22376000000" } });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.error.code).toBe("OPR_CHECKOUT_NOT_AVAILABLE");
    const cancelled = await checked(cancelOnCheckout, "POST", `/v1/payments/${id}/cancel`, { params: { id } });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.code).toBe("OPR_CHECKOUT_NOT_AVAILABLE");
    expect(await paymentOf(id)).toMatchObject({ status: "PENDING", initiatedAt: null, purpose: "opr" });

    const otp = (await otpOf(m.testKey, opr.token)).body.data.otp;
    const paid = await chargeOpr(m.testKey, opr.token, otp);
    expect(paid.status).toBe(200);
    expect((await paymentOf(id)).status).toBe("SUCCESS");
  });
});
