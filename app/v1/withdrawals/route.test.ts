import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { events, journals, withdrawals, type Mode } from "@/db/schema";
import { accountBalances, unbalancedJournals } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { newId } from "@/lib/ids";
import { updateMerchant } from "@/lib/platform/merchants";
import { approveWithdrawal, completeWithdrawal, rejectWithdrawal } from "@/lib/withdrawals/transitions";
import { call as rawCall } from "@/tests/support/http";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { GET as getBalance } from "./balance/route";
import { GET as getQuote } from "./quote/route";
import { GET as getStats } from "./stats/route";
import { GET as getOne } from "./[id]/route";
import { PATCH as cancel } from "./[id]/cancel/route";
import { GET as list, POST as create } from "./route";

const staff = { staffId: "cli:test" };

/** Every answer of these tests must be what the OpenAPI document promises. */
const call: typeof rawCall = async (handler, method, path, options) => {
  const res = await rawCall(handler, method, path, options);
  expectMatchesOpenApi(method, path, res.status, res.body);
  return res;
};

/** Real ledger data: money collected through the operator, credited to the merchant's available balance. */
async function credit(merchantId: string, mode: Mode, amount: number) {
  await postJournal(db(), {
    merchantId,
    mode,
    kind: "test.collected",
    refType: "test",
    refId: newId("seed"),
    entries: [
      { account: "operator_clearing", amount: -amount },
      { account: "merchant_available", amount },
    ],
    at: new Date(),
  });
}

async function kycMerchant(balance = 0, mode: Mode = "test") {
  const m = await newMerchant({ kycStatus: "approved" });
  if (balance) await credit(m.merchant.id, mode, balance);
  return m;
}

let seq = 0;
const idem = () => `wd-${Date.now()}-${seq++}`;
const body = (extra: Record<string, unknown> = {}) => ({ amount: 100_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001", ...extra });
const post = (key: string, b: unknown, idempotencyKey: string | null = idem()) => call(create, "POST", "/v1/withdrawals", { key, body: b, idempotencyKey: idempotencyKey ?? undefined });
const balanceOf = async (key: string) => (await call(getBalance, "GET", "/v1/withdrawals/balance", { key })).body.data;

describe("GET /v1/withdrawals/balance", () => {
  it("reports available, reserved (= pending) and held from the ledger, per mode", async () => {
    const m = await kycMerchant(300_000);
    await credit(m.merchant.id, "live", 7_000);
    await postJournal(db(), {
      merchantId: m.merchant.id, mode: "test", kind: "test.escrow", refType: "test", refId: newId("seed"),
      entries: [{ account: "operator_clearing", amount: -25_000 }, { account: "escrow_held", amount: 25_000 }], at: new Date(),
    });
    expect(await balanceOf(m.testKey)).toEqual({ available: 300_000, reserved: 0, pending: 0, held: 25_000, currency: "XOF" });
    expect((await post(m.testKey, body({ amount: 120_000 }))).status).toBe(201);
    expect(await balanceOf(m.testKey)).toEqual({ available: 180_000, reserved: 120_000, pending: 120_000, held: 25_000, currency: "XOF" });
    const ledger = await accountBalances(db(), m.merchant.id, "test");
    expect(ledger.merchant_available).toBe(180_000);
    expect(ledger.merchant_reserved).toBe(120_000);
  });

  it("shows the live balance to a live key only", async () => {
    const m = await newLiveMerchant();
    await credit(m.merchant.id, "live", 60_000);
    expect((await balanceOf(m.liveKey)).available).toBe(60_000);
    expect((await balanceOf(m.testKey)).available).toBe(0);
  });
});

describe("GET /v1/withdrawals/quote", () => {
  it("quotes fee and net amount with the bounds", async () => {
    const m = await kycMerchant();
    const res = await call(getQuote, "GET", "/v1/withdrawals/quote?amount=50001", { key: m.testKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ amount: 50_001, fee: 501, net_amount: 49_500, currency: "XOF", min: 50_000, max: 5_000_000 });
  });

  it("accepts 50,000 and 5,000,000; refuses 49,999, 5,000,001, missing and non-integer amounts with INVALID_AMOUNT", async () => {
    const m = await kycMerchant();
    for (const ok of [50_000, 5_000_000]) expect((await call(getQuote, "GET", `/v1/withdrawals/quote?amount=${ok}`, { key: m.testKey })).status).toBe(200);
    for (const q of ["?amount=49999", "?amount=5000001", "", "?amount=abc", "?amount=60000.5", "?amount=-60000"]) {
      const res = await call(getQuote, "GET", `/v1/withdrawals/quote${q}`, { key: m.testKey });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe("INVALID_AMOUNT");
      expect(res.body.error.message).toContain("50,000");
    }
  });
});

describe("POST /v1/withdrawals", () => {
  it("creates a PENDING withdrawal with the contract's fields, a message, the reservation and an event", async () => {
    const m = await kycMerchant(1_000_000);
    const res = await post(m.testKey, body({ amount: 250_000, notes: "Loyer", quoted_fee: 2_500 }));
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toEqual(expect.any(String));
    const w = res.body.data;
    expect(w).toMatchObject({ amount: 250_000, fee: 2_500, net_amount: 247_500, currency: "XOF", status: "PENDING", provider: "OPERATOR_MONEY", phone_number: "+22370000001", notes: "Loyer", _source: "api", livemode: false });
    expect(w.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(w.reference).toMatch(/^WD_\d+_[A-Za-z0-9]+$/);
    expect(new Date(w.created_at).toISOString()).toBe(w.created_at);

    const js = await db().select().from(journals).where(eq(journals.refId, w.id));
    expect(js.map((j) => j.kind)).toEqual(["withdrawal.reserved"]);
    expect(await unbalancedJournals(db())).toEqual([]);
    const evts = await db().select().from(events).where(eq(events.objectId, w.id));
    expect(evts.map((e) => e.type)).toEqual(["withdrawal.requested"]);
    expect(evts[0].payload.data.object).toEqual(w);

    const one = await call(getOne, "GET", `/v1/withdrawals/${w.id}`, { key: m.testKey, params: { id: w.id } });
    expect(one.body.data).toEqual(w);
  });

  it("accepts 50,000 and 5,000,000 and refuses 49,999 and 5,000,001 with INVALID_AMOUNT", async () => {
    const m = await kycMerchant(20_000_000);
    for (const amount of [50_000, 5_000_000]) expect((await post(m.testKey, body({ amount }))).status).toBe(201);
    for (const amount of [49_999, 5_000_001, 100_000.5, "100000", null, undefined]) {
      const res = await post(m.testKey, body({ amount }));
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error.code).toBe("INVALID_AMOUNT");
    }
  });

  it("requires X-Idempotency-Key, replays the same request and refuses a different one with IDEMPOTENCY_CONFLICT", async () => {
    const m = await kycMerchant(1_000_000);
    const missing = await post(m.testKey, body(), null);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");

    const key = idem();
    const first = await post(m.testKey, body(), key);
    const again = await post(m.testKey, body(), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const conflict = await post(m.testKey, body({ amount: 200_000 }), key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe("IDEMPOTENCY_CONFLICT");
    expect(await db().select().from(withdrawals).where(eq(withdrawals.merchantId, m.merchant.id))).toHaveLength(1);
    expect((await balanceOf(m.testKey)).reserved).toBe(100_000);
  });

  it("refuses another provider with INVALID_PROVIDER", async () => {
    const m = await kycMerchant(1_000_000);
    for (const provider of ["ORANGE_MONEY", "WAVE", undefined, 3]) {
      const res = await post(m.testKey, body({ provider }));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_PROVIDER");
    }
  });

  it("checks phone_number: missing, over 32 characters or not a number → INVALID_PHONE; exactly 32 accepted; stored in E.164", async () => {
    const m = await kycMerchant(1_000_000);
    // 32 characters as typed (separators count), 11 digits: the contract's limit is on what is sent.
    const p32 = "+223  -  70  -  00  -  00  -  01";
    expect(p32).toHaveLength(32);
    const accepted = await post(m.testKey, body({ phone_number: p32 }));
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.phone_number).toBe("+22370000001");
    expect((await post(m.testKey, body({ phone_number: "+223 70 00 00 01" }))).body.data.phone_number).toBe("+22370000001");
    expect((await post(m.testKey, body({ phone_number: "70 00 00 01" }))).body.data.phone_number).toBe("+22370000001");
    for (const phone_number of [undefined, "", "   ", `${p32} `, "not a phone", 22370000001, "7000001", `+${"7".repeat(16)}`]) {
      const res = await post(m.testKey, body({ phone_number }));
      expect(res.status, String(phone_number)).toBe(400);
      expect(res.body.error.code).toBe("INVALID_PHONE");
      expect(res.body.error.param).toBe("phone_number");
    }
  });

  it("names the right fields when an old SDK sends recipient_phone", async () => {
    const m = await kycMerchant(1_000_000);
    const res = await post(m.testKey, { amount: 100_000, recipient_phone: "+22370000001" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("RECIPIENT_PHONE_NOT_SUPPORTED");
    expect(res.body.error.message).toContain("provider");
    expect(res.body.error.message).toContain("phone_number");
    expect(res.body.error.message).toContain("recipient_phone");
  });

  it("accepts notes of 500 characters and refuses 501 with INVALID_NOTES", async () => {
    const m = await kycMerchant(1_000_000);
    expect((await post(m.testKey, body({ notes: "n".repeat(500) }))).status).toBe(201);
    const res = await post(m.testKey, body({ notes: "n".repeat(501) }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_NOTES");
  });

  it("refuses a quoted_fee that is no longer the fee with 409 FEE_CHANGED, and a malformed one with 400", async () => {
    const m = await kycMerchant(1_000_000);
    const res = await post(m.testKey, body({ amount: 100_000, quoted_fee: 999 }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("FEE_CHANGED");
    expect(res.body.error.message).toContain("1 000 FCFA");
    const bad = await post(m.testKey, body({ quoted_fee: "1000" }));
    expect(bad.body.error.code).toBe("INVALID_QUOTED_FEE");
    expect((await post(m.testKey, body({ amount: 100_000, quoted_fee: 1_000 }))).status).toBe(201);
    expect((await balanceOf(m.testKey)).reserved).toBe(100_000);
  });

  it("requires an approved KYC (400 KYC_NOT_APPROVED)", async () => {
    for (const kycStatus of ["pending", "rejected"] as const) {
      const m = await newMerchant({ kycStatus });
      await credit(m.merchant.id, "test", 1_000_000);
      const res = await post(m.testKey, body());
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("KYC_NOT_APPROVED");
    }
  });

  it("refuses a suspended account with ACCOUNT_INACTIVE", async () => {
    const m = await kycMerchant(1_000_000);
    await updateMerchant(db(), m.merchant.id, { status: "suspended" });
    const res = await post(m.testKey, body());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("ACCOUNT_INACTIVE");
  });

  it("refuses partner-program merchants with 403 PARTNER_WITHDRAWAL_CLOSED", async () => {
    const m = await newMerchant({ kycStatus: "approved", partner: true });
    await credit(m.merchant.id, "test", 1_000_000);
    const res = await post(m.testKey, body());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("PARTNER_WITHDRAWAL_CLOSED");
    expect((await balanceOf(m.testKey)).available).toBe(1_000_000);
  });

  it("refuses more than the available balance with 400 INSUFFICIENT_BALANCE, exactly the balance is fine", async () => {
    const m = await kycMerchant(150_000);
    const over = await post(m.testKey, body({ amount: 150_001 }));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect((await post(m.testKey, body({ amount: 150_000 }))).status).toBe(201);
    expect((await post(m.testKey, body({ amount: 50_000 }))).body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect(await balanceOf(m.testKey)).toMatchObject({ available: 0, reserved: 150_000 });
  });

  it("never overdraws: 10 concurrent withdrawals against a balance covering 3 create exactly 3", async () => {
    const m = await kycMerchant(350_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(m.testKey, body({ amount: 100_000 }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 400 && r.body.error.code === "INSUFFICIENT_BALANCE")).toBe(true);
    expect(await balanceOf(m.testKey)).toMatchObject({ available: 50_000, reserved: 300_000 });
    const rows = await db().select().from(withdrawals).where(eq(withdrawals.merchantId, m.merchant.id));
    expect(rows).toHaveLength(3);
    expect(await unbalancedJournals(db())).toEqual([]);
  });

  it("keeps test and live balances apart: a test balance cannot fund a live withdrawal", async () => {
    const m = await newLiveMerchant();
    await credit(m.merchant.id, "test", 1_000_000);
    const live = await post(m.liveKey, body());
    expect(live.body.error.code).toBe("INSUFFICIENT_BALANCE");
    await credit(m.merchant.id, "live", 100_000);
    const ok = await post(m.liveKey, body());
    expect(ok.status).toBe(201);
    expect(ok.body.data.livemode).toBe(true);
  });
});

describe("GET /v1/withdrawals and /stats", () => {
  it("lists newest first with status filter and pagination", async () => {
    const m = await kycMerchant(2_000_000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(m.testKey, body({ amount: 50_000 + i }))).body.data.id);
    await call(cancel, "PATCH", `/v1/withdrawals/${ids[1]}/cancel`, { key: m.testKey, params: { id: ids[1] } });

    const page1 = await call(list, "GET", "/v1/withdrawals?limit=2", { key: m.testKey });
    expect(page1.status).toBe(200);
    expect(page1.body.data.withdrawals.map((w: { id: string }) => w.id)).toEqual([ids[4], ids[3]]);
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    const page3 = await call(list, "GET", "/v1/withdrawals?limit=2&page=3", { key: m.testKey });
    expect(page3.body.data.withdrawals.map((w: { id: string }) => w.id)).toEqual([ids[0]]);
    const cancelled = await call(list, "GET", "/v1/withdrawals?status=CANCELLED", { key: m.testKey });
    expect(cancelled.body.data.withdrawals.map((w: { id: string }) => w.id)).toEqual([ids[1]]);
    expect(cancelled.body.data.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });

    expect((await call(list, "GET", "/v1/withdrawals?limit=100", { key: m.testKey })).status).toBe(200);
    for (const q of ["limit=101", "limit=0", "page=0", "page=x"]) {
      const res = await call(list, "GET", `/v1/withdrawals?${q}`, { key: m.testKey });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("INVALID_PAGINATION");
    }
    expect((await call(list, "GET", "/v1/withdrawals?status=DONE", { key: m.testKey })).body.error.code).toBe("INVALID_STATUS_FILTER");
  });

  it("counts and sums by status", async () => {
    const m = await kycMerchant(2_000_000);
    const a = (await post(m.testKey, body({ amount: 100_000 }))).body.data;
    const b = (await post(m.testKey, body({ amount: 200_000 }))).body.data;
    await post(m.testKey, body({ amount: 300_000 }));
    await approveWithdrawal(db(), a.id, staff);
    await completeWithdrawal(db(), a.id, { operatorReference: "OP-1" }, staff);
    await rejectWithdrawal(db(), b.id, { reason: "Numéro non vérifié" }, staff);
    const res = await call(getStats, "GET", "/v1/withdrawals/stats", { key: m.testKey });
    expect(res.body.data).toEqual({
      currency: "XOF",
      total: { count: 3, volume: 600_000 },
      by_status: {
        AWAITING_APPROVAL: { count: 0, volume: 0 },
        PENDING: { count: 1, volume: 300_000 },
        APPROVED: { count: 0, volume: 0 },
        COMPLETED: { count: 1, volume: 100_000 },
        REJECTED: { count: 1, volume: 200_000 },
        CANCELLED: { count: 0, volume: 0 },
      },
      fees_paid: 1_000,
    });
  });
});

describe("PATCH /v1/withdrawals/{id}/cancel", () => {
  it("cancels a PENDING request, releases the reservation, emits withdrawal.cancelled; a second cancel is 409", async () => {
    const m = await kycMerchant(500_000);
    const w = (await post(m.testKey, body({ amount: 200_000 }))).body.data;
    const res = await call(cancel, "PATCH", `/v1/withdrawals/${w.id}/cancel`, { key: m.testKey, params: { id: w.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: w.id, status: "CANCELLED", cancelled_at: expect.any(String) });
    expect(await balanceOf(m.testKey)).toMatchObject({ available: 500_000, reserved: 0 });
    const again = await call(cancel, "PATCH", `/v1/withdrawals/${w.id}/cancel`, { key: m.testKey, params: { id: w.id } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("WITHDRAWAL_NOT_PENDING");
    const evts = await db().select({ type: events.type }).from(events).where(eq(events.objectId, w.id));
    expect(evts.map((e) => e.type).sort()).toEqual(["withdrawal.cancelled", "withdrawal.requested"]);
    expect(await unbalancedJournals(db())).toEqual([]);
  });

  it("refuses APPROVED, COMPLETED and REJECTED requests with 409 WITHDRAWAL_NOT_PENDING and changes nothing", async () => {
    const m = await kycMerchant(1_000_000);
    const approved = (await post(m.testKey, body())).body.data;
    await approveWithdrawal(db(), approved.id, staff);
    const completed = (await post(m.testKey, body())).body.data;
    await approveWithdrawal(db(), completed.id, staff);
    await completeWithdrawal(db(), completed.id, { operatorReference: "OP-9" }, staff);
    const rejected = (await post(m.testKey, body())).body.data;
    await rejectWithdrawal(db(), rejected.id, { reason: "KYC à revoir" }, staff);
    const before = await balanceOf(m.testKey);
    for (const w of [approved, completed, rejected]) {
      const res = await call(cancel, "PATCH", `/v1/withdrawals/${w.id}/cancel`, { key: m.testKey, params: { id: w.id } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("WITHDRAWAL_NOT_PENDING");
    }
    expect(await balanceOf(m.testKey)).toEqual(before);
  });

  it("two concurrent cancels: one succeeds, the other gets 409, the reservation is released once", async () => {
    const m = await kycMerchant(300_000);
    const w = (await post(m.testKey, body({ amount: 300_000 }))).body.data;
    const results = await Promise.all([0, 1].map(() => call(cancel, "PATCH", `/v1/withdrawals/${w.id}/cancel`, { key: m.testKey, params: { id: w.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(m.testKey)).toMatchObject({ available: 300_000, reserved: 0 });
  });
});

describe("isolation", () => {
  it("another merchant's or the other mode's withdrawal is 404 NOT_FOUND and stays unchanged", async () => {
    const owner = await newLiveMerchant();
    await credit(owner.merchant.id, "test", 500_000);
    const w = (await post(owner.testKey, body())).body.data;
    const outsider = await kycMerchant(500_000);
    for (const key of [outsider.testKey, owner.liveKey]) {
      const got = await call(getOne, "GET", `/v1/withdrawals/${w.id}`, { key, params: { id: w.id } });
      expect(got.status).toBe(404);
      expect(got.body.error.code).toBe("NOT_FOUND");
      const cancelled = await call(cancel, "PATCH", `/v1/withdrawals/${w.id}/cancel`, { key, params: { id: w.id } });
      expect(cancelled.status).toBe(404);
      expect((await call(list, "GET", "/v1/withdrawals", { key })).body.data.withdrawals).toEqual([]);
      expect((await call(getStats, "GET", "/v1/withdrawals/stats", { key })).body.data.total.count).toBe(0);
    }
    const [row] = await db().select().from(withdrawals).where(and(eq(withdrawals.id, w.id)));
    expect(row.status).toBe("PENDING");
    const unknown = await call(getOne, "GET", "/v1/withdrawals/nope", { key: owner.testKey, params: { id: "nope" } });
    expect(unknown.status).toBe(404);
  });

  it("needs a key", async () => {
    const res = await call(getBalance, "GET", "/v1/withdrawals/balance");
    expect(res.status).toBe(401);
  });
});
