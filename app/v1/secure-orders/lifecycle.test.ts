import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { auditLog, journals, payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { accountBalances, entriesForRef, unbalancedJournals } from "@/lib/ledger/balance";
import { jobs } from "@/lib/jobs/registry";
import { decryptDeliveryCode } from "@/lib/secure-orders/code";
import { runSecureOrderDeadlines } from "@/lib/secure-orders/deadlines";
import { listDisputes, openDispute, resolveDispute } from "@/lib/secure-orders/dispute";
import { buyerPay } from "@/lib/http/secure-order-actions";
import { newLiveMerchant } from "@/tests/support/merchant";
import { cancel, confirm, createdOrder, deliveryCode, eventsOf, getOrder, orderRow, paidOrder, simulate, soMerchant, wrongCodeFor } from "./test-support";
import { flushLogs } from "@/lib/log";

const HOUR = 3600;
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

async function journalIdsOf(refId: string) {
  return (await db().select({ id: journals.id }).from(journals).where(eq(journals.refId, refId))).map((j) => j.id);
}

async function expectBalanced(...refIds: string[]) {
  const ids = (await Promise.all(refIds.map(journalIdsOf))).flat();
  expect(ids.length).toBeGreaterThan(0);
  expect(await unbalancedJournals(db(), ids)).toEqual([]);
}

describe("CREATED → PAID_HELD (the buyer pays)", () => {
  it("holds the funds in escrow, draws a 6-digit code, starts the delivery deadline and emits secure_order.paid once", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey, { amount: 50_000, delivery_deadline_hours: 10 });
    const res = await simulate(m.testKey, order.id);
    expect(res.status).toBe(200);
    const paid = res.body.data;
    expect(paid).toMatchObject({ status: "PAID_HELD", payment_status: "SUCCESS", code_attempts_remaining: 5, code_locked: false, amount_merchant_net: null });
    expect(paid.payment_intent_id).toMatch(/^txn_/);
    const row = await orderRow(order.id);
    expect(Date.parse(paid.delivery_deadline) - row.paidAt!.getTime()).toBe(10 * HOUR * 1000);

    const [payment] = await db().select().from(payments).where(eq(payments.id, paid.payment_intent_id));
    expect(payment).toMatchObject({ status: "SUCCESS", purpose: "secure_order", purposeRef: order.id, amount: 50_000, feeTotal: 0, customerPhone: order.customer_phone });

    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances.escrow_held).toBe(50_000);
    expect(balances.merchant_available ?? 0).toBe(0);
    expect(balances.platform_fees ?? 0).toBe(0);

    const code = (await deliveryCode(m.testKey, order.id)).body.data.code;
    expect(code).toMatch(/^\d{6}$/);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeCiphertext).not.toContain(code);
    expect(decryptDeliveryCode(order.id, row.codeCiphertext!)).toBe(code);

    const paidEvents = await eventsOf(order.id, "secure_order.paid");
    expect(paidEvents).toHaveLength(1);
    expect(paidEvents[0].payload.data.object).toEqual(paid);
    // Paying again is refused.
    const again = await simulate(m.testKey, order.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ORDER_NOT_PAYABLE");
    expect(await eventsOf(order.id, "secure_order.paid")).toHaveLength(1);
  });

  it("keeps the order CREATED after a failed payment; the next attempt is a new payment", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey);
    const failed = await simulate(m.testKey, order.id, "FAILED");
    expect(failed.body.data).toMatchObject({ status: "CREATED", payment_status: "FAILED" });
    const firstPayment = failed.body.data.payment_intent_id;
    expect(await accountBalances(db(), m.merchant.id, "test")).toEqual({});
    const ok = await simulate(m.testKey, order.id, "SUCCESS");
    expect(ok.body.data).toMatchObject({ status: "PAID_HELD", payment_status: "SUCCESS" });
    expect(ok.body.data.payment_intent_id).not.toBe(firstPayment);
    expect(await eventsOf(order.id, "secure_order.paid")).toHaveLength(1);
  });

  it("lets the simulator's magic numbers decide at initiation, as the operator would", async () => {
    const m = await soMerchant();
    const declined = await createdOrder(m.testKey, { customer_phone: "+22370000002" });
    expect((await simulate(m.testKey, declined.id, "SUCCESS")).body.data).toMatchObject({ status: "CREATED", payment_status: "FAILED" });
    const approved = await createdOrder(m.testKey, { customer_phone: "+22370000001" });
    expect((await simulate(m.testKey, approved.id, "FAILED")).body.data).toMatchObject({ status: "PAID_HELD", payment_status: "SUCCESS" });
  });

  it("resumes the same payment when the buyer page is reloaded or clicked twice (one operator collection)", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey, { customer_phone: "+22370000003" });
    const token = tokenOf(order.buyer_url);
    const results = await Promise.all(Array.from({ length: 5 }, () => buyerPay(db(), "203.0.113.9", token, "+22370000003")));
    expect(results.every((r) => r.ok)).toBe(true);
    await buyerPay(db(), "203.0.113.9", token, "70000003");
    const rows = await db().select().from(payments).where(eq(payments.purposeRef, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("PENDING");
    expect(rows[0].initiatedAt).not.toBeNull();
    expect((await orderRow(order.id)).paymentIntentId).toBe(rows[0].id);
  });
});

describe("PAID_HELD → RELEASED (the right code)", () => {
  it("releases escrow to the merchant minus the fee, emits secure_order.released, and the journals balance", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey, { amount: 40_000 });
    const res = await confirm(m.testKey, order.id, code);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "RELEASED", fee_total: 800, amount_merchant_net: 39_200, code_attempts_remaining: 5 });
    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances.escrow_held).toBe(0);
    expect(balances.merchant_available).toBe(39_200);
    expect(balances.platform_fees).toBe(800);
    expect(balances.operator_clearing).toBe(-40_000);
    await expectBalanced(order.id, order.payment_intent_id);
    const entries = await entriesForRef(db(), order.id);
    expect(entries.map((e) => [e.kind, e.account, e.amount])).toEqual([
      ["secure_order.released", "escrow_held", -40_000],
      ["secure_order.released", "merchant_available", 40_000],
      ["secure_order.released", "merchant_available", -800],
      ["secure_order.released", "platform_fees", 800],
    ]);
    const released = await eventsOf(order.id, "secure_order.released");
    expect(released).toHaveLength(1);
    expect(released[0].payload.data.object).toEqual(res.body.data);
  });

  it("releases exactly once when the right code is sent ten times at once", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey);
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(m.testKey, order.id, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.error.code).toBe("ORDER_ALREADY_RELEASED");
    expect(await journalIdsOf(order.id)).toHaveLength(1);
    expect(await eventsOf(order.id, "secure_order.released")).toHaveLength(1);
  });
});

describe("wrong codes", () => {
  it("answers 400 INVALID_CODE with the attempts remaining; the 5th locks and then even the right code is 429 CODE_LOCKED", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey);
    const wrong = wrongCodeFor(code);
    for (let remaining = 4; remaining >= 0; remaining--) {
      const res = await confirm(m.testKey, order.id, wrong);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_CODE");
      expect(res.body.error.message).toContain(`${remaining} attempt`);
      const now = (await getOrder(m.testKey, order.id)).body.data;
      expect(now.code_attempts_remaining).toBe(remaining);
      expect(now.code_locked).toBe(remaining === 0);
    }
    expect((await orderRow(order.id)).codeLocked).toBe(true);
    for (const attempt of [code, wrong]) {
      const res = await confirm(m.testKey, order.id, attempt);
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("CODE_LOCKED");
    }
    expect((await getOrder(m.testKey, order.id)).body.data).toMatchObject({ status: "PAID_HELD", code_attempts_remaining: 0, code_locked: true });
    expect(await eventsOf(order.id, "secure_order.released")).toHaveLength(0);
    expect((await accountBalances(db(), m.merchant.id, "test")).escrow_held).toBe(order.amount);
  });

  it("spends exactly 5 attempts and releases nothing when 20 wrong codes arrive in parallel", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey);
    const wrongCodes = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const answers = await Promise.all(wrongCodes.map((c) => confirm(m.testKey, order.id, c)));
    const invalid = answers.filter((a) => a.status === 400);
    const locked = answers.filter((a) => a.status === 429);
    expect(invalid).toHaveLength(5);
    expect(invalid.every((a) => a.body.error.code === "INVALID_CODE")).toBe(true);
    expect(locked).toHaveLength(15);
    expect(locked.every((a) => a.body.error.code === "CODE_LOCKED")).toBe(true);
    expect(new Set(invalid.map((a) => a.body.error.message)).size).toBe(5);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "PAID_HELD", codeAttemptsRemaining: 0, codeLocked: true });
    expect(await journalIdsOf(order.id)).toHaveLength(0);
    expect((await accountBalances(db(), m.merchant.id, "test")).escrow_held).toBe(order.amount);
  });

  it("refuses a malformed code with 400 and spends no attempt", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey);
    for (const [code, expected] of [["12345", "INVALID_CODE_FORMAT"], ["1234567", "INVALID_CODE_FORMAT"], ["abcdef", "INVALID_CODE_FORMAT"], [123456, "INVALID_CODE_FORMAT"], [undefined, "MISSING_CODE"]] as const) {
      const res = await confirm(m.testKey, order.id, code);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(expected);
    }
    expect((await orderRow(order.id)).codeAttemptsRemaining).toBe(5);
  });

  it("never writes the delivery code to the logs, the merchant API or events", async () => {
    const m = await soMerchant();
    const previous = process.env.CAURI_LOG;
    process.env.CAURI_LOG = "";
    const lines: string[] = [];
    const spyLog = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const spyErr = vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const { order, code } = await paidOrder(m.testKey);
      await confirm(m.testKey, order.id, wrongCodeFor(code));
      const got = await getOrder(m.testKey, order.id);
      await confirm(m.testKey, order.id, code);
      flushLogs();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join("\n")).not.toMatch(new RegExp(`\\b${code}\\b`));
      const keys = Object.keys(got.body.data).filter((k) => k.includes("code"));
      expect(keys.sort()).toEqual(["code_attempts_remaining", "code_locked"]);
      for (const e of await eventsOf(order.id)) expect(Object.keys(e.payload.data.object)).not.toContain("code");
    } finally {
      spyLog.mockRestore();
      spyErr.mockRestore();
      process.env.CAURI_LOG = previous;
    }
  });
});

describe("confirm-delivery on other states (no state change)", () => {
  it("CREATED → 409 NOT_PAID", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey);
    const res = await confirm(m.testKey, order.id, "123456");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("NOT_PAID");
    expect((await orderRow(order.id)).status).toBe("CREATED");
  });

  it("CANCELLED and REFUNDED → 409 ORDER_CLOSED", async () => {
    const m = await soMerchant();
    const created = await createdOrder(m.testKey);
    await cancel(m.testKey, created.id);
    const { order: held, code } = await paidOrder(m.testKey);
    await cancel(m.testKey, held.id);
    for (const [id, status] of [[created.id, "CANCELLED"], [held.id, "REFUNDED"]]) {
      const res = await confirm(m.testKey, id, code);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("ORDER_CLOSED");
      expect((await orderRow(id)).status).toBe(status);
    }
  });

  it("RELEASED → 409 ORDER_ALREADY_RELEASED; DISPUTED → 409 ORDER_DISPUTED", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey);
    await confirm(m.testKey, order.id, code);
    const again = await confirm(m.testKey, order.id, code);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ORDER_ALREADY_RELEASED");

    const disputed = await paidOrder(m.testKey);
    await openDispute(db(), { by: "buyer", token: tokenOf(disputed.order.buyer_url) }, "Colis jamais reçu");
    const res = await confirm(m.testKey, disputed.order.id, disputed.code);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ORDER_DISPUTED");
    expect((await orderRow(disputed.order.id)).status).toBe("DISPUTED");
  });

  it("past the delivery deadline: refunds the buyer (committed) and answers 410 DELIVERY_EXPIRED, even with the right code", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey, { delivery_deadline_hours: 1, amount: 12_000 });
    await advanceTestClock(db(), m.merchant.id, HOUR + 1);
    const res = await confirm(m.testKey, order.id, code);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe("DELIVERY_EXPIRED");
    const row = await orderRow(order.id);
    expect(row.status).toBe("REFUNDED");
    expect(row.refundProviderRef).toBe(`SIM-RF-${order.payment_intent_id}`);
    expect(await eventsOf(order.id, "secure_order.refunded")).toHaveLength(1);
    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances).toMatchObject({ escrow_held: 0, customer_refunds: 12_000 });
    expect(balances.merchant_available ?? 0).toBe(0);
    await expectBalanced(order.id, order.payment_intent_id);
    // Later calls see a closed order.
    expect((await confirm(m.testKey, order.id, code)).body.error.code).toBe("ORDER_CLOSED");
  });

  it("just before the deadline the right code still releases", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey, { delivery_deadline_hours: 1 });
    await advanceTestClock(db(), m.merchant.id, HOUR - 60);
    expect((await confirm(m.testKey, order.id, code)).body.data.status).toBe("RELEASED");
  });
});

describe("cancel", () => {
  it("CREATED → CANCELLED with secure_order.cancelled and the reason (300 characters allowed, 301 refused)", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey);
    const tooLong = await cancel(m.testKey, order.id, { reason: "r".repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: "INVALID_CANCEL_REASON", param: "reason" });
    expect((await orderRow(order.id)).status).toBe("CREATED");
    const res = await cancel(m.testKey, order.id, { reason: "r".repeat(300) });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("CANCELLED");
    expect((await orderRow(order.id)).cancelReason).toBe("r".repeat(300));
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(["secure_order.cancelled"]);
    expect(events[0].payload.data.object).toEqual(res.body.data);
  });

  it("cancels the payment in progress with the order, so a late approval cannot take the money", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey, { customer_phone: "+22370000003" });
    await buyerPay(db(), "203.0.113.10", tokenOf(order.buyer_url), "+22370000003");
    const before = await orderRow(order.id);
    expect(before.paymentStatus).toBe("PENDING");
    const res = await cancel(m.testKey, order.id);
    expect(res.body.data).toMatchObject({ status: "CANCELLED", payment_status: "CANCELLED" });
    const [payment] = await db().select().from(payments).where(eq(payments.id, before.paymentIntentId!));
    expect(payment.status).toBe("CANCELLED");
  });

  it("PAID_HELD → REFUNDED through the operator, escrow back to zero, secure_order.refunded", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey, { amount: 30_000 });
    const res = await cancel(m.testKey, order.id, { reason: "Rupture de stock" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "REFUNDED", amount_merchant_net: null });
    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances).toMatchObject({ escrow_held: 0, customer_refunds: 30_000, operator_clearing: -30_000 });
    expect(balances.merchant_available ?? 0).toBe(0);
    expect(balances.platform_fees ?? 0).toBe(0);
    await expectBalanced(order.id, order.payment_intent_id);
    const refunded = await eventsOf(order.id, "secure_order.refunded");
    expect(refunded).toHaveLength(1);
    expect(refunded[0].payload.data.object).toEqual(res.body.data);
  });

  it("DISPUTED → REFUNDED", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey);
    await openDispute(db(), { by: "buyer", token: tokenOf(order.buyer_url) }, "Article abîmé");
    const res = await cancel(m.testKey, order.id);
    expect(res.body.data.status).toBe("REFUNDED");
    expect(await eventsOf(order.id, "secure_order.refunded")).toHaveLength(1);
    expect((await accountBalances(db(), m.merchant.id, "test")).escrow_held).toBe(0);
  });

  it("RELEASED, REFUNDED and CANCELLED → 409 ORDER_NOT_CANCELLABLE, nothing changes", async () => {
    const m = await soMerchant();
    const released = await paidOrder(m.testKey);
    await confirm(m.testKey, released.order.id, released.code);
    const refunded = await paidOrder(m.testKey);
    await cancel(m.testKey, refunded.order.id);
    const cancelled = await createdOrder(m.testKey);
    await cancel(m.testKey, cancelled.id);
    for (const id of [released.order.id, refunded.order.id, cancelled.id]) {
      const before = await orderRow(id);
      const eventsBefore = (await eventsOf(id)).length;
      const res = await cancel(m.testKey, id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("ORDER_NOT_CANCELLABLE");
      expect(await orderRow(id)).toEqual(before);
      expect(await eventsOf(id)).toHaveLength(eventsBefore);
    }
  });

  it("refunds once when cancel, the deadline job and a confirm race", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey, { delivery_deadline_hours: 1 });
    await advanceTestClock(db(), m.merchant.id, HOUR + 5);
    await Promise.all([cancel(m.testKey, order.id), runSecureOrderDeadlines(db()), confirm(m.testKey, order.id, code), runSecureOrderDeadlines(db(), { merchantId: m.merchant.id })]);
    expect((await orderRow(order.id)).status).toBe("REFUNDED");
    expect(await eventsOf(order.id, "secure_order.refunded")).toHaveLength(1);
    expect(await journalIdsOf(order.id)).toHaveLength(1);
  });
});

describe("REFUND_FAILED: an operator that refuses the refund changes nothing", () => {
  let server: Server;
  const saved = { url: process.env.OPERATOR_LIVE_URL, key: process.env.OPERATOR_LIVE_KEY };
  beforeAll(async () => {
    // A fake operator: every collection succeeds at once.
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const parsed = body ? JSON.parse(body) : {};
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ id: `col_${parsed.reference}`, reference: parsed.reference, status: "SUCCESS", provider_ref: `OP-${parsed.reference}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    process.env.OPERATOR_LIVE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.OPERATOR_LIVE_KEY = "op_test_key";
  });
  afterAll(async () => {
    process.env.OPERATOR_LIVE_URL = saved.url;
    process.env.OPERATOR_LIVE_KEY = saved.key;
    await new Promise((r) => server.close(r));
  });

  it("a live order paid through the operator, whose refund the operator API does not offer: 502 REFUND_FAILED, still held; the job leaves it held", async () => {
    const m = await newLiveMerchant({ secureOrdersEnabled: true });
    const order = await createdOrder(m.liveKey, { amount: 20_000 });
    const paid = await buyerPay(db(), "198.51.100.7", tokenOf(order.buyer_url), order.customer_phone);
    expect(paid).toEqual({ ok: true });
    expect((await orderRow(order.id)).status).toBe("PAID_HELD");
    const res = await cancel(m.liveKey, order.id);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("REFUND_FAILED");
    expect((await orderRow(order.id)).status).toBe("PAID_HELD");
    expect(await eventsOf(order.id, "secure_order.refunded")).toHaveLength(0);
    expect((await accountBalances(db(), m.merchant.id, "live")).escrow_held).toBe(20_000);
  });
});

describe("background deadlines (job)", () => {
  it("cancels an unpaid order past pay_before (24 h) and leaves a younger one; scoped to the merchant", async () => {
    const m = await soMerchant();
    const other = await soMerchant("Autre");
    const old = await createdOrder(m.testKey);
    const otherOld = await createdOrder(other.testKey);
    await advanceTestClock(db(), m.merchant.id, 24 * HOUR - 10);
    const young = await createdOrder(m.testKey);
    expect(await runSecureOrderDeadlines(db(), { merchantId: m.merchant.id })).toEqual({ cancelled: 0, refunded: 0 });
    await advanceTestClock(db(), m.merchant.id, 11);
    await advanceTestClock(db(), other.merchant.id, 24 * HOUR + 1);
    expect(await runSecureOrderDeadlines(db(), { merchantId: m.merchant.id })).toEqual({ cancelled: 1, refunded: 0 });
    expect((await orderRow(old.id)).status).toBe("CANCELLED");
    expect((await orderRow(old.id)).cancelReason).toMatch(/pay_before/);
    expect((await orderRow(young.id)).status).toBe("CREATED");
    expect((await orderRow(otherOld.id)).status).toBe("CREATED");
    expect((await eventsOf(old.id)).map((e) => e.type)).toEqual(["secure_order.cancelled"]);
    // Paying a cancelled order is refused.
    expect((await simulate(m.testKey, old.id)).body.error.code).toBe("ORDER_NOT_PAYABLE");
  });

  it("does not cut off a payment in flight: the order waits for that payment to finish", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey, { customer_phone: "+22370000003" });
    await advanceTestClock(db(), m.merchant.id, 24 * HOUR - 60);
    await buyerPay(db(), "203.0.113.11", tokenOf(order.buyer_url), "+22370000003");
    await advanceTestClock(db(), m.merchant.id, 120);
    await runSecureOrderDeadlines(db(), { merchantId: m.merchant.id });
    expect((await orderRow(order.id)).status).toBe("CREATED");
    // Once the payment's own expiry passes (15 minutes), the order is cancelled.
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    await runSecureOrderDeadlines(db(), { merchantId: m.merchant.id });
    expect((await orderRow(order.id)).status).toBe("CANCELLED");
    expect((await orderRow(order.id)).paymentStatus).toBe("EXPIRED");
  });

  it("refunds a held order past its delivery deadline without any confirm call, once, even with instances running together", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey, { delivery_deadline_hours: 2, amount: 7_500 });
    const { order: notDue } = await paidOrder(m.testKey, { delivery_deadline_hours: 5 });
    await advanceTestClock(db(), m.merchant.id, 2 * HOUR + 1);
    const runs = await Promise.all([runSecureOrderDeadlines(db()), runSecureOrderDeadlines(db()), runSecureOrderDeadlines(db(), { merchantId: m.merchant.id })]);
    expect(runs.reduce((s, r) => s + r.refunded, 0)).toBe(1);
    expect((await orderRow(order.id)).status).toBe("REFUNDED");
    expect((await orderRow(notDue.id)).status).toBe("PAID_HELD");
    expect(await eventsOf(order.id, "secure_order.refunded")).toHaveLength(1);
    expect(await journalIdsOf(order.id)).toHaveLength(1);
    expect((await accountBalances(db(), m.merchant.id, "test")).customer_refunds).toBe(7_500);
    expect(await runSecureOrderDeadlines(db())).toEqual({ cancelled: 0, refunded: 0 });
  });

  it("is registered as a background job (embedded runner, clock advance), and the test clock never touches live orders", async () => {
    const job = jobs.find((j) => j.id === "secure-order-deadlines")!;
    expect(job.everySeconds).toBeLessThanOrEqual(60);
    const m = await newLiveMerchant({ secureOrdersEnabled: true });
    const live = await createdOrder(m.liveKey);
    const test = await createdOrder(m.testKey);
    await advanceTestClock(db(), m.merchant.id, 25 * HOUR);
    await job.run(db(), { merchantId: m.merchant.id });
    expect((await orderRow(test.id)).status).toBe("CANCELLED");
    expect((await orderRow(live.id)).status).toBe("CREATED");
  });

  it("applies due rules on read: GET shows a held order past its deadline as REFUNDED", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey, { delivery_deadline_hours: 1 });
    await advanceTestClock(db(), m.merchant.id, HOUR);
    expect((await getOrder(m.testKey, order.id)).body.data.status).toBe("REFUNDED");
  });

  it("leaves a DISPUTED order alone at its deadline (staff decide)", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey, { delivery_deadline_hours: 1 });
    await openDispute(db(), { by: "buyer", token: tokenOf(order.buyer_url) }, "Mauvaise taille");
    await advanceTestClock(db(), m.merchant.id, 2 * HOUR);
    await runSecureOrderDeadlines(db(), { merchantId: m.merchant.id });
    expect((await orderRow(order.id)).status).toBe("DISPUTED");
  });
});

describe("disputes", () => {
  it("the buyer opens one while PAID_HELD (reason required) → DISPUTED, secure_order.disputed", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey);
    const locator = { by: "buyer" as const, token: tokenOf(order.buyer_url) };
    await expect(openDispute(db(), locator, "  ")).rejects.toMatchObject({ code: "INVALID_DISPUTE_REASON" });
    await expect(openDispute(db(), locator, "ab")).rejects.toMatchObject({ code: "INVALID_DISPUTE_REASON" });
    await expect(openDispute(db(), locator, "x".repeat(501))).rejects.toMatchObject({ code: "INVALID_DISPUTE_REASON" });
    const disputed = await openDispute(db(), locator, "Le colis n'est jamais arrivé");
    expect(disputed).toMatchObject({ status: "DISPUTED", disputeReason: "Le colis n'est jamais arrivé" });
    const events = await eventsOf(order.id, "secure_order.disputed");
    expect(events).toHaveLength(1);
    expect(events[0].payload.data.object).toMatchObject({ id: order.id, status: "DISPUTED" });
    await expect(openDispute(db(), locator, "encore")).rejects.toMatchObject({ code: "ORDER_NOT_DISPUTABLE" });
  });

  it("cannot be opened on a CREATED or released order", async () => {
    const m = await soMerchant();
    const created = await createdOrder(m.testKey);
    await expect(openDispute(db(), { by: "buyer", token: tokenOf(created.buyer_url) }, "pas payé")).rejects.toMatchObject({ code: "ORDER_NOT_DISPUTABLE" });
    const { order, code } = await paidOrder(m.testKey);
    await confirm(m.testKey, order.id, code);
    await expect(openDispute(db(), { by: "buyer", token: tokenOf(order.buyer_url) }, "trop tard")).rejects.toMatchObject({ code: "ORDER_NOT_DISPUTABLE" });
  });

  it("staff resolve with release (merchant paid minus fee) or refund (buyer paid back), audited; a second resolution is DISPUTE_NOT_OPEN", async () => {
    const m = await soMerchant();
    const a = await paidOrder(m.testKey, { amount: 10_000 });
    const b = await paidOrder(m.testKey, { amount: 6_000 });
    for (const o of [a.order, b.order]) await openDispute(db(), { by: "buyer", token: tokenOf(o.buyer_url) }, "Problème de livraison");
    const open = await listDisputes(db());
    expect(open.map((d) => d.id)).toEqual(expect.arrayContaining([a.order.id, b.order.id]));
    expect(open.find((d) => d.id === a.order.id)).toMatchObject({ merchant_name: "Boutique Escrow", dispute_reason: "Problème de livraison", customer_phone: expect.stringContaining("•") });

    const released = await resolveDispute(db(), a.order.id, "release", { staffId: "cli:awa" });
    expect(released).toMatchObject({ status: "RELEASED", resolution: "release", resolved_by: "cli:awa" });
    const refunded = await resolveDispute(db(), b.order.id, "refund", { staffId: "staff:moussa" });
    expect(refunded).toMatchObject({ status: "REFUNDED", resolution: "refund", resolved_by: "staff:moussa" });
    expect(await eventsOf(a.order.id, "secure_order.released")).toHaveLength(1);
    expect(await eventsOf(b.order.id, "secure_order.refunded")).toHaveLength(1);

    const balances = await accountBalances(db(), m.merchant.id, "test");
    expect(balances).toMatchObject({ escrow_held: 0, merchant_available: 9_800, platform_fees: 200, customer_refunds: 6_000 });
    await expectBalanced(a.order.id, b.order.id, a.order.payment_intent_id, b.order.payment_intent_id);

    const audit = await db().select().from(auditLog).where(inArray(auditLog.targetId, [a.order.id, b.order.id]));
    expect(audit.map((r) => [r.targetId, r.action, r.actor]).sort()).toEqual(
      [
        [a.order.id, "secure_order.dispute_release", "cli:awa"],
        [b.order.id, "secure_order.dispute_refund", "staff:moussa"],
      ].sort(),
    );
    expect(audit.find((r) => r.targetId === a.order.id)).toMatchObject({ before: expect.objectContaining({ status: "DISPUTED" }), after: expect.objectContaining({ status: "RELEASED" }) });

    await expect(resolveDispute(db(), a.order.id, "refund", { staffId: "cli:awa" })).rejects.toMatchObject({ code: "DISPUTE_NOT_OPEN" });
    await expect(resolveDispute(db(), "00000000-0000-4000-8000-000000000000", "release", { staffId: "cli:awa" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listDisputes(db())).map((d) => d.id)).not.toContain(a.order.id);
    expect((await listDisputes(db(), { includeResolved: true })).map((d) => d.id)).toEqual(expect.arrayContaining([a.order.id, b.order.id]));
    // No audit row for the refused resolution.
    expect(await db().select().from(auditLog).where(and(eq(auditLog.targetId, a.order.id)))).toHaveLength(1);
  });
});
