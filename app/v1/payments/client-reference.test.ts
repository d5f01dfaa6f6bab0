import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as list } from "@/app/v1/payments/route";
import { GET as getOne } from "@/app/v1/payments/[id]/route";
import { GET as search } from "@/app/v1/payments/search/route";
import { db } from "@/db/client";
import { applications } from "@/db/schema";
import { advanceTestClock, merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { insertPayment } from "@/lib/payments/create";
import { settlePayment } from "@/lib/payments/settle";
import { getMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

type M = Awaited<ReturnType<typeof newMerchant>>;

async function ctxFor(m: M, mode: "test" | "live" = "test"): Promise<DomainContext> {
  const [application] = await db().select().from(applications).where(eq(applications.id, m.applicationId));
  const merchant = (await getMerchant(db(), m.merchant.id))!;
  return { db: db(), merchant, application, mode, now: merchantNow(merchant, mode), source: "api" };
}

/** A payment created one second after the previous one of this merchant (the test clock moves), so "most recent" is unambiguous. */
async function paymentWith(m: M, clientReference: string | undefined, mode: "test" | "live" = "test", amount = 1_000) {
  if (mode === "test") await advanceTestClock(db(), m.merchant.id, 1);
  return insertPayment(await ctxFor(m, mode), { amount, customerPhone: "+22370000009", clientReference });
}

const find = (key: string, reference?: string) =>
  call(search, "GET", reference === undefined ? "/v1/payments/search" : `/v1/payments/search?client_reference=${encodeURIComponent(reference)}`, { key });
const ids = (res: { body: { data: { payments: { id: string }[] } } }) => res.body.data.payments.map((p) => p.id);

describe("GET /v1/payments/search?client_reference=", () => {
  it("answers the payment with that reference as data, the object GET /v1/payments/{id} answers", async () => {
    const m = await newMerchant();
    const p = await paymentWith(m, "CMD-1042");
    const res = await find(m.testKey, "CMD-1042");
    expect(res.status).toBe(200);
    const one = await call(getOne, "GET", `/v1/payments/${p.id}`, { key: m.testKey, params: { id: p.id } });
    expect(res.body.data).toEqual(one.body.data);
    expect(res.body.data).toMatchObject({ id: p.id, client_reference: "CMD-1042", status: "PENDING" });
  });

  it("answers the most recent of two payments sharing a reference", async () => {
    const m = await newMerchant();
    const older = await paymentWith(m, "CMD-7", "test", 1_000);
    const newer = await paymentWith(m, "CMD-7", "test", 2_000);
    const res = await find(m.testKey, "CMD-7");
    expect(res.body.data).toMatchObject({ id: newer.id, amount: 2_000 });
    // Settling the older one does not make it the answer: recency is creation, not the last change.
    await settlePayment(db(), older.id, { status: "SUCCESS" });
    expect((await find(m.testKey, "CMD-7")).body.data.id).toBe(newer.id);
  });

  it("is 404 NOT_FOUND naming the reference and the mode when no payment of the key's merchant and mode has it", async () => {
    const m = await newLiveMerchant();
    const other = await newMerchant();
    await paymentWith(other, "CMD-9");
    await paymentWith(m, "CMD-9", "live");
    await paymentWith(m, "CMD-90");
    for (const reference of ["CMD-9", "cmd-90", "CMD-"]) {
      const res = await find(m.testKey, reference);
      expect([res.status, res.body.success, res.body.error.code]).toEqual([404, false, "NOT_FOUND"]);
      expect(res.body.error.message).toContain(`No payment has client_reference "${reference}" in test mode`);
    }
    expect((await find(m.liveKey, "CMD-9")).body.data.livemode).toBe(true);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
  ])("is 400 MISSING_FIELD on client_reference when it is %s", async (_case, reference) => {
    const m = await newMerchant();
    const res = await find(m.testKey, reference);
    expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, "MISSING_FIELD", "client_reference"]);
  });

  it("is 400 INVALID_FIELD for a reference longer than any payment can have (128)", async () => {
    const m = await newMerchant();
    const long = await find(m.testKey, "x".repeat(129));
    expect([long.status, long.body.error.code, long.body.error.param]).toEqual([400, "INVALID_FIELD", "client_reference"]);
    expect((await find(m.testKey, "x".repeat(128))).status).toBe(404);
  });

  it("shows a payment past expires_at as EXPIRED", async () => {
    const m = await newMerchant();
    const p = await paymentWith(m, "CMD-DUE");
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    expect((await find(m.testKey, "CMD-DUE")).body.data).toMatchObject({ id: p.id, status: "EXPIRED" });
  });

  it("requires a key", async () => {
    expect((await call(search, "GET", "/v1/payments/search?client_reference=x")).status).toBe(401);
  });
});

describe("GET /v1/payments?client_reference=", () => {
  it("lists every payment of the key's merchant and mode with exactly that reference, newest first, with its total", async () => {
    const m = await newLiveMerchant();
    const other = await newMerchant();
    const a = await paymentWith(m, "CMD-5");
    const b = await paymentWith(m, "CMD-5");
    await paymentWith(m, "CMD-50");
    await paymentWith(m, undefined);
    await paymentWith(m, "CMD-5", "live");
    await paymentWith(other, "CMD-5");
    const res = await call(list, "GET", "/v1/payments?client_reference=CMD-5", { key: m.testKey });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([b.id, a.id]);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
    const all = await call(list, "GET", "/v1/payments", { key: m.testKey });
    expect(all.body.data.pagination.total).toBe(4);
  });

  it("composes with status and page/limit", async () => {
    const m = await newMerchant();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await paymentWith(m, "CMD-P"));
    await paymentWith(m, "CMD-Q");
    await settlePayment(db(), made[0].id, { status: "SUCCESS" });
    await settlePayment(db(), made[3].id, { status: "SUCCESS" });
    const page2 = await call(list, "GET", "/v1/payments?client_reference=CMD-P&limit=2&page=2", { key: m.testKey });
    expect(ids(page2)).toEqual([made[2].id, made[1].id]);
    expect(page2.body.data.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
    const paid = await call(list, "GET", "/v1/payments?client_reference=CMD-P&status=SUCCESS", { key: m.testKey });
    expect(ids(paid)).toEqual([made[3].id, made[0].id]);
    expect(paid.body.data.pagination.total).toBe(2);
    const pending = await call(list, "GET", "/v1/payments?status=PENDING&client_reference=CMD-P", { key: m.testKey });
    expect(pending.body.data.pagination.total).toBe(3);
  });

  it("answers an empty page for a reference nobody used", async () => {
    const m = await newMerchant();
    await paymentWith(m, "CMD-1");
    const res = await call(list, "GET", "/v1/payments?client_reference=CMD-2", { key: m.testKey });
    expect(res.body.data).toEqual({ payments: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } });
  });

  it.each([
    ["", "must not be empty"],
    ["x".repeat(129), "at most 128 characters"],
  ])("refuses client_reference=%s with 400 INVALID_FIELD", async (reference, words) => {
    const m = await newMerchant();
    const res = await call(list, "GET", `/v1/payments?client_reference=${reference}`, { key: m.testKey });
    expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, "INVALID_FIELD", "client_reference"]);
    expect(res.body.error.message).toContain(words);
  });
});
