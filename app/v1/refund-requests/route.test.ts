import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulatePayment } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { POST as createWithdrawal } from "@/app/v1/withdrawals/route";
import { POST as legacyRefund } from "@/app/v1/refunds/route";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { GET as paymentStatus } from "@/app/v1/payments/[id]/status/route";
import { GET as balanceTransactions } from "@/app/v1/balance/transactions/route";
import { statementData } from "@/lib/books/statement/data";
import { db } from "@/db/client";
import { auditLog, ledgerEntries, refundRequests, smsOutbox, type Mode } from "@/db/schema";
import { newId } from "@/lib/ids";
import { accountBalances, unbalancedJournals } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { approveRefundRequest, executeRefundRequest, refuseRefundRequest } from "@/lib/refunds/transitions";
import { call as rawCall } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { POST as cancel } from "./[id]/cancel/route";
import { GET as getOne } from "./[id]/route";
import { GET as list, POST as create } from "./route";

const staff = { staffId: "staff:refunds@cauri.ml" };

/** Every answer of these tests must be what the OpenAPI document promises. */
const call: typeof rawCall = async (handler, method, path, options) => {
  const res = await rawCall(handler, method, path, options);
  expectMatchesOpenApi(method, path.split("?")[0], res.status, res.body);
  return res;
};

let seq = 0;
const idem = () => `rfr-${Date.now()}-${seq++}`;

/** Money collected outside a payment, so a test can refund a payment in full (our fee is not returned). */
async function credit(merchantId: string, amount: number, mode: Mode = "test") {
  await postJournal(db(), {
    merchantId, mode, kind: "test.collected", refType: "test", refId: newId("seed"),
    entries: [{ account: "operator_clearing", amount: -amount }, { account: "merchant_available", amount }], at: new Date(),
  });
}

/** A real payment through the API, settled by the sandbox (its net amount lands on the available balance). */
async function paidPayment(key: string, amount = 20_000, outcome: "SUCCESS" | null = "SUCCESS") {
  const created = await rawCall(createPayment, "POST", "/v1/payments", {
    key, idempotencyKey: idem(),
    body: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22376001122", return_url: "https://shop.example.ml/merci" },
  });
  const id = created.body.data.id as string;
  if (outcome) await rawCall(simulatePayment, "POST", `/v1/sandbox/payments/${id}/simulate`, { key, params: { id }, body: { outcome } });
  return { id, amount, fee: created.body.data.fee_total as number };
}

async function merchantWithPayment(amount = 20_000, extra = 0) {
  const m = await newMerchant({ kycStatus: "approved" });
  const payment = await paidPayment(m.testKey, amount);
  if (extra) await credit(m.merchant.id, extra);
  return { ...m, payment };
}

const body = (paymentId: string, extra: Record<string, unknown> = {}) => ({ payment_id: paymentId, amount: 5_000, reason: "requested_by_customer", ...extra });
const post = (key: string, b: unknown, idempotencyKey: string | null = idem()) => call(create, "POST", "/v1/refund-requests", { key, body: b, idempotencyKey: idempotencyKey ?? undefined });
const balance = (merchantId: string) => accountBalances(db(), merchantId, "test");

/** The ledger's invariants for one merchant: every journal sums to zero, and so do all its entries. */
async function expectLedgerBalanced(merchantId: string) {
  expect(await unbalancedJournals(db())).toEqual([]);
  const [{ total }] = await db().select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).where(eq(ledgerEntries.merchantId, merchantId));
  expect(Number(total)).toBe(0);
}

describe("POST /v1/refund-requests", () => {
  it("reserves the amount at once and answers the REQUESTED request, with the payment's number by default", async () => {
    const m = await merchantWithPayment();
    const before = await balance(m.merchant.id);
    const res = await post(m.testKey, body(m.payment.id, { note: "Article renvoyé" }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ object: "refund_request", payment_id: m.payment.id, amount: 5_000, currency: "XOF", status: "REQUESTED", reason: "requested_by_customer", note: "Article renvoyé", customer_phone: "+22376001122", livemode: false, operator_reference: null });
    expect(res.body.data.id).toMatch(/^rfr_/);
    const after = await balance(m.merchant.id);
    expect(after.merchant_available).toBe(before.merchant_available - 5_000);
    expect(after.merchant_reserved ?? 0).toBe((before.merchant_reserved ?? 0) + 5_000);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.targetId, res.body.data.id), eq(auditLog.action, "refund_request.create")));
    expect(audit.actor).toMatch(/^api_key:/);
    expect(JSON.stringify(audit.after)).not.toContain("76001122");
    await expectLedgerBalanced(m.merchant.id);
  });

  it("takes another number for the refund, stored in E.164; refuses one that is not a number", async () => {
    const m = await merchantWithPayment();
    const ok = await post(m.testKey, body(m.payment.id, { customer_phone: "76 55 44 33" }));
    expect(ok.body.data.customer_phone).toBe("+22376554433");
    const bad = await post(m.testKey, body(m.payment.id, { customer_phone: "12" }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "INVALID_PHONE", param: "customer_phone" });
  });

  it("needs an idempotency key; a replay answers the same request once, another body under the key is 409", async () => {
    const m = await merchantWithPayment();
    const missing = await post(m.testKey, body(m.payment.id), null);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const key = idem();
    const first = await post(m.testKey, body(m.payment.id), key);
    const replay = await post(m.testKey, body(m.payment.id), key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data.id).toBe(first.body.data.id);
    const other = await post(m.testKey, body(m.payment.id, { amount: 6_000 }), key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("IDEMPOTENCY_CONFLICT");
    expect(await db().select().from(refundRequests).where(eq(refundRequests.paymentId, m.payment.id))).toHaveLength(1);
  });

  it("holds the amount to 1 … the payment's remainder: 0 is 400, remainder + 1 is 409, both edges pass", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const zero = await post(m.testKey, body(m.payment.id, { amount: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.body.error).toMatchObject({ code: "INVALID_REFUND_AMOUNT", param: "amount" });
    expect((await post(m.testKey, body(m.payment.id, { amount: 12.5 }))).body.error.code).toBe("INVALID_REFUND_AMOUNT");
    expect((await post(m.testKey, body(m.payment.id, { amount: "100" }))).body.error.code).toBe("INVALID_REFUND_AMOUNT");
    const over = await post(m.testKey, body(m.payment.id, { amount: 20_001 }));
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: "REFUND_EXCEEDS_PAYMENT", param: "amount" });
    expect((await post(m.testKey, body(m.payment.id, { amount: 1 }))).status).toBe(201);
    const overRemainder = await post(m.testKey, body(m.payment.id, { amount: 20_000 }));
    expect(overRemainder.status).toBe(409);
    expect(overRemainder.body.error.code).toBe("REFUND_EXCEEDS_PAYMENT");
    expect((await post(m.testKey, body(m.payment.id, { amount: 19_999 }))).status).toBe(201);
    expect((await post(m.testKey, body(m.payment.id, { amount: 1 }))).body.error.code).toBe("REFUND_EXCEEDS_PAYMENT");
    await expectLedgerBalanced(m.merchant.id);
  });

  it("a refused or cancelled request frees its part of the payment again", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const a = await post(m.testKey, body(m.payment.id, { amount: 20_000 }));
    expect((await post(m.testKey, body(m.payment.id, { amount: 1 }))).status).toBe(409);
    await call(cancel, "POST", `/v1/refund-requests/${a.body.data.id}/cancel`, { key: m.testKey, params: { id: a.body.data.id } });
    const b = await post(m.testKey, body(m.payment.id, { amount: 20_000 }));
    expect(b.status).toBe(201);
    await refuseRefundRequest(db(), b.body.data.id, { note: "Numéro injoignable" }, staff);
    expect((await post(m.testKey, body(m.payment.id, { amount: 20_000 }))).status).toBe(201);
    await expectLedgerBalanced(m.merchant.id);
  });

  it("refuses the other fields' bad values, each with its code and field", async () => {
    const m = await merchantWithPayment();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reason: "changed_mind" }, "INVALID_REFUND_REASON", "reason"],
      [{ reason: undefined }, "INVALID_REFUND_REASON", "reason"],
      [{ note: "x".repeat(501) }, "INVALID_REFUND_NOTE", "note"],
      [{ payment_id: undefined }, "INVALID_PAYMENT_ID", "payment_id"],
      [{ payment_id: "" }, "INVALID_PAYMENT_ID", "payment_id"],
    ];
    for (const [extra, code, param] of cases) {
      const res = await post(m.testKey, body(m.payment.id, extra));
      expect(res.status, code).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    }
    expect((await post(m.testKey, body(m.payment.id, { note: "x".repeat(500), reason: "other" }))).status).toBe(201);
    expect(await db().select().from(refundRequests).where(eq(refundRequests.paymentId, m.payment.id))).toHaveLength(1);
  });

  it("refunds only the key's own SUCCESS payments: another merchant's or mode's is 404, a PENDING one 409", async () => {
    const m = await merchantWithPayment();
    const other = await merchantWithPayment();
    const foreign = await post(m.testKey, body(other.payment.id));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: "NOT_FOUND", param: "payment_id" });
    expect((await post(m.testKey, body("txn_nothing"))).status).toBe(404);
    const pending = await paidPayment(m.testKey, 10_000, null);
    const res = await post(m.testKey, body(pending.id));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "PAYMENT_NOT_REFUNDABLE", param: "payment_id" });
  });

  it("refuses what the available balance does not cover (INSUFFICIENT_BALANCE); the fee taken on the payment stays ours", async () => {
    const m = await merchantWithPayment(20_000);
    const available = (await balance(m.merchant.id)).merchant_available;
    expect(available).toBe(20_000 - m.payment.fee);
    const full = await post(m.testKey, body(m.payment.id, { amount: 20_000 }));
    expect(full.status).toBe(400);
    expect(full.body.error).toMatchObject({ code: "INSUFFICIENT_BALANCE", param: "amount" });
    expect((await post(m.testKey, body(m.payment.id, { amount: available }))).status).toBe(201);
    expect((await balance(m.merchant.id)).merchant_available).toBe(0);
  });
});

describe("GET /v1/refund-requests and /{id}", () => {
  it("lists the key's requests newest first, by payment and status; retrieves one; hides another merchant's", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const second = await paidPayment(m.testKey, 30_000);
    const a = (await post(m.testKey, body(m.payment.id))).body.data;
    const b = (await post(m.testKey, body(second.id, { amount: 7_000 }))).body.data;
    await call(cancel, "POST", `/v1/refund-requests/${a.id}/cancel`, { key: m.testKey, params: { id: a.id } });
    const all = await call(list, "GET", "/v1/refund-requests", { key: m.testKey });
    expect(all.body.data.refund_requests.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
    const byPayment = await call(list, "GET", `/v1/refund-requests?payment_id=${second.id}`, { key: m.testKey });
    expect(byPayment.body.data.refund_requests.map((r: { id: string }) => r.id)).toEqual([b.id]);
    const cancelled = await call(list, "GET", "/v1/refund-requests?status=CANCELLED", { key: m.testKey });
    expect(cancelled.body.data.refund_requests.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const badStatus = await call(list, "GET", "/v1/refund-requests?status=DONE", { key: m.testKey });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.code).toBe("INVALID_STATUS_FILTER");
    expect((await call(list, "GET", "/v1/refund-requests?limit=101", { key: m.testKey })).body.error.code).toBe("INVALID_PAGINATION");
    const one = await call(getOne, "GET", `/v1/refund-requests/${b.id}`, { key: m.testKey, params: { id: b.id } });
    expect(one.body.data).toEqual(b);
    const other = await newMerchant();
    expect((await call(getOne, "GET", `/v1/refund-requests/${b.id}`, { key: other.testKey, params: { id: b.id } })).status).toBe(404);
    expect((await call(list, "GET", "/v1/refund-requests", { key: other.testKey })).body.data.refund_requests).toEqual([]);
  });
});

describe("POST /v1/refund-requests/{id}/cancel", () => {
  it("cancels a REQUESTED request and releases its reservation; then, or once approved, 409", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const before = await balance(m.merchant.id);
    const r = (await post(m.testKey, body(m.payment.id))).body.data;
    const res = await call(cancel, "POST", `/v1/refund-requests/${r.id}/cancel`, { key: m.testKey, params: { id: r.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "CANCELLED", cancelled_at: expect.any(String) });
    expect(await balance(m.merchant.id)).toMatchObject({ merchant_available: before.merchant_available, merchant_reserved: 0 });
    const again = await call(cancel, "POST", `/v1/refund-requests/${r.id}/cancel`, { key: m.testKey, params: { id: r.id } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("REFUND_REQUEST_NOT_REQUESTED");

    const approved = (await post(m.testKey, body(m.payment.id))).body.data;
    await approveRefundRequest(db(), approved.id, {}, staff);
    const late = await call(cancel, "POST", `/v1/refund-requests/${approved.id}/cancel`, { key: m.testKey, params: { id: approved.id } });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("REFUND_REQUEST_NOT_REQUESTED");
    const other = await newMerchant();
    expect((await call(cancel, "POST", `/v1/refund-requests/${approved.id}/cancel`, { key: other.testKey, params: { id: approved.id } })).status).toBe(404);
    await expectLedgerBalanced(m.merchant.id);
  });
});

describe("a refund request through the staff", () => {
  it("approved then executed: the reservation leaves for customer_refunds, the customer gets a text, each step audited", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const r = (await post(m.testKey, body(m.payment.id, { amount: 12_500 }))).body.data;
    const afterRequest = await balance(m.merchant.id);
    expect((await executeRefundRequest(db(), r.id, { operatorReference: "OM-RF-1" }, staff).catch((e) => e)).code).toBe("REFUND_REQUEST_NOT_APPROVED");
    const approved = await approveRefundRequest(db(), r.id, { note: "Vérifié" }, staff);
    expect(approved).toMatchObject({ status: "APPROVED", staffNote: "Vérifié", approvedBy: staff.staffId });
    expect((await approveRefundRequest(db(), r.id, {}, staff).catch((e) => e)).code).toBe("REFUND_REQUEST_NOT_REQUESTED");
    const executed = await executeRefundRequest(db(), r.id, { operatorReference: "OM-RF-1" }, staff);
    expect(executed).toMatchObject({ status: "EXECUTED", operatorReference: "OM-RF-1" });
    const after = await balance(m.merchant.id);
    expect(after.merchant_available).toBe(afterRequest.merchant_available);
    expect(after.merchant_reserved).toBe(afterRequest.merchant_reserved - 12_500);
    expect(after.customer_refunds).toBe(12_500);
    const [sms] = await db().select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, `refund-executed:${r.id}`));
    expect(sms).toMatchObject({ to: "+22376001122", template: "refund_executed" });
    expect(sms.text).toContain("remboursement de 12 500 FCFA");
    expect(sms.text).toContain("OM-RF-1");
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, r.id))).map((a) => a.action).sort();
    expect(actions).toEqual(["refund_request.approve", "refund_request.create", "refund_request.execute"]);
    expect((await refuseRefundRequest(db(), r.id, { note: "Trop tard" }, staff).catch((e) => e)).code).toBe("REFUND_REQUEST_CLOSED");
    const seen = await call(getOne, "GET", `/v1/refund-requests/${r.id}`, { key: m.testKey, params: { id: r.id } });
    expect(seen.body.data).toMatchObject({ status: "EXECUTED", operator_reference: "OM-RF-1", staff_note: "Vérifié", executed_at: expect.any(String) });
    await expectLedgerBalanced(m.merchant.id);
  });

  it("refused after approval: the reservation returns to the available balance, the merchant reads the note", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const before = await balance(m.merchant.id);
    const r = (await post(m.testKey, body(m.payment.id))).body.data;
    await approveRefundRequest(db(), r.id, {}, staff);
    await refuseRefundRequest(db(), r.id, { note: "Numéro injoignable" }, staff);
    expect(await balance(m.merchant.id)).toMatchObject({ merchant_available: before.merchant_available, merchant_reserved: 0 });
    const seen = await call(getOne, "GET", `/v1/refund-requests/${r.id}`, { key: m.testKey, params: { id: r.id } });
    expect(seen.body.data).toMatchObject({ status: "REFUSED", staff_note: "Numéro injoignable" });
    await expectLedgerBalanced(m.merchant.id);
  });
});

describe("money racing for one balance", () => {
  it("two requests for the same payment: only what the payment allows is reserved", async () => {
    const m = await merchantWithPayment(20_000, 100_000);
    const results = await Promise.all([0, 1, 2, 3].map(() => rawCall(create, "POST", "/v1/refund-requests", { key: m.testKey, idempotencyKey: idem(), body: body(m.payment.id, { amount: 12_000 }) })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === "REFUND_EXCEEDS_PAYMENT")).toBe(true);
    expect((await balance(m.merchant.id)).merchant_reserved).toBe(12_000);
    await expectLedgerBalanced(m.merchant.id);
  });

  it("a refund request and a withdrawal for the same francs: never both beyond the balance", async () => {
    for (let round = 0; round < 3; round++) {
      const m = await merchantWithPayment(100_000);
      const available = (await balance(m.merchant.id)).merchant_available;
      const [refund, withdrawal] = await Promise.all([
        rawCall(create, "POST", "/v1/refund-requests", { key: m.testKey, idempotencyKey: idem(), body: body(m.payment.id, { amount: 60_000 }) }),
        rawCall(createWithdrawal, "POST", "/v1/withdrawals", { key: m.testKey, idempotencyKey: idem(), body: { amount: 60_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } }),
      ]);
      expect(available).toBeLessThan(120_000);
      expect([refund.status, withdrawal.status].filter((s) => s === 201)).toHaveLength(1);
      const loser = refund.status === 201 ? withdrawal : refund;
      expect(loser.body.error.code).toBe("INSUFFICIENT_BALANCE");
      const after = await balance(m.merchant.id);
      expect(after.merchant_available).toBe(available - 60_000);
      expect(after.merchant_reserved).toBe(60_000);
      expect(after.merchant_available).toBeGreaterThanOrEqual(0);
      await expectLedgerBalanced(m.merchant.id);
    }
  });
});

describe("the payment object's refunds", () => {
  it("shows what was refunded, what may still be asked and each request, on retrieval and status; never on the public view", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const fresh = await call(getPayment, "GET", `/v1/payments/${m.payment.id}`, { key: m.testKey, params: { id: m.payment.id } });
    expect(fresh.body.data.refunds).toEqual({ amount_refunded: 0, amount_refundable: 20_000, requests: [] });
    const done = (await post(m.testKey, body(m.payment.id, { amount: 8_000 }))).body.data;
    await approveRefundRequest(db(), done.id, {}, staff);
    await executeRefundRequest(db(), done.id, { operatorReference: "OM-7" }, staff);
    const open = (await post(m.testKey, body(m.payment.id, { amount: 2_000 }))).body.data;
    const cancelled = (await post(m.testKey, body(m.payment.id, { amount: 1_000 }))).body.data;
    await call(cancel, "POST", `/v1/refund-requests/${cancelled.id}/cancel`, { key: m.testKey, params: { id: cancelled.id } });
    const expected = { amount_refunded: 8_000, amount_refundable: 10_000 };
    const one = await call(getPayment, "GET", `/v1/payments/${m.payment.id}`, { key: m.testKey, params: { id: m.payment.id } });
    expect(one.body.data.refunds).toMatchObject(expected);
    expect(one.body.data.refunds.requests.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[cancelled.id, "CANCELLED"], [open.id, "REQUESTED"], [done.id, "EXECUTED"]]);
    expect(one.body.data.refunds.requests[2]).toMatchObject({ operator_reference: "OM-7", executed_at: expect.any(String), amount: 8_000 });
    const status = await call(paymentStatus, "GET", `/v1/payments/${m.payment.id}/status`, { key: m.testKey, params: { id: m.payment.id } });
    expect(status.body.data.refunds).toEqual(one.body.data.refunds);
    const publicView = await rawCall(getPayment, "GET", `/v1/payments/${m.payment.id}`, { params: { id: m.payment.id } });
    expect(publicView.body.data.refunds).toBeUndefined();
  });
});

describe("the books", () => {
  it("name each refund movement in the balance history and the statement's own sections", async () => {
    const m = await merchantWithPayment(20_000, 50_000);
    const paid = (await post(m.testKey, body(m.payment.id, { amount: 6_000 }))).body.data;
    await approveRefundRequest(db(), paid.id, {}, staff);
    await executeRefundRequest(db(), paid.id, { operatorReference: "OM-9" }, staff);
    const cancelled = (await post(m.testKey, body(m.payment.id, { amount: 4_000 }))).body.data;
    await call(cancel, "POST", `/v1/refund-requests/${cancelled.id}/cancel`, { key: m.testKey, params: { id: cancelled.id } });
    const history = await call(balanceTransactions, "GET", "/v1/balance/transactions?limit=100&type=refund_reserved,refund_paid,refund_released", { key: m.testKey });
    expect(history.status).toBe(200);
    const lines = (history.body.data as { type: string; balance: string; amount: number }[]).map((t) => [t.type, t.balance, t.amount]);
    expect(lines).toEqual(expect.arrayContaining([
      ["refund_reserved", "available", -6_000], ["refund_reserved", "reserved", 6_000], ["refund_paid", "reserved", -6_000],
      ["refund_reserved", "available", -4_000], ["refund_reserved", "reserved", 4_000], ["refund_released", "reserved", -4_000], ["refund_released", "available", 4_000],
    ]));
    expect(lines).toHaveLength(7);
    const data = await statementData({ db: db(), merchantId: m.merchant.id, mode: "test" }, { from: new Date("2020-01-01T00:00:00Z"), to: new Date("2100-01-01T00:00:00Z") });
    const section = (balance: string, id: string) => data.balances.find((b) => b.balance === balance)!.sections.find((x) => x.id === id);
    expect(section("available", "refunds_reserved")).toMatchObject({ amount: -10_000, count: 2 });
    expect(section("available", "refunds_returned")).toMatchObject({ amount: 4_000, count: 1 });
    expect(section("reserved", "refunds_paid")).toMatchObject({ amount: -6_000, count: 1 });
    // Only the test's own seed credit is an adjustment: no refund movement falls outside its sections.
    expect(section("available", "other")).toMatchObject({ amount: 50_000, count: 1 });
  });
});

describe("POST /v1/refunds", () => {
  it("still answers 503 REFUNDS_UNAVAILABLE: refunds go through refund requests", async () => {
    const m = await merchantWithPayment();
    const res = await call(legacyRefund, "POST", "/v1/refunds", { key: m.testKey, body: { payment_id: m.payment.id, amount: 1_000 } });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("REFUNDS_UNAVAILABLE");
  });
});
