import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as create, GET as list } from "@/app/v1/payments/route";
import { GET as getOne } from "@/app/v1/payments/[id]/route";
import { GET as getStatus } from "@/app/v1/payments/[id]/status/route";
import { GET as getDetails } from "@/app/v1/payments/[id]/details/route";
import { POST as expire } from "@/app/v1/payments/[id]/expire/route";
import { POST as reconcile } from "@/app/v1/payments/[id]/reconcile/route";
import { GET as search } from "@/app/v1/payments/search/route";
import { GET as history } from "@/app/v1/payments/history/route";
import { GET as paymentProviders } from "@/app/v1/payments/providers/route";
import { GET as recommend } from "@/app/v1/payments/recommend/route";
import { GET as enabledProviders } from "@/app/v1/providers/enabled/route";
import { POST as refund } from "@/app/v1/refunds/route";
import { GET as listPayouts, POST as createPayout } from "@/app/v1/payouts/route";
import { POST as simulate } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { applications, events, payments } from "@/db/schema";
import { advanceTestClock, merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { unbalancedJournals } from "@/lib/ledger/balance";
import { insertPayment } from "@/lib/payments/create";
import { expireDuePayments } from "@/lib/payments/expire";
import { settlePayment } from "@/lib/payments/settle";
import { getMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

type M = Awaited<ReturnType<typeof newMerchant>>;

const valid = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
let seq = 0;
const createVia = (key: string, body: unknown = valid) => call(create, "POST", "/v1/payments", { key, body, idempotencyKey: `rt-${++seq}` });
const get = (handler: typeof getOne, path: string, id: string, key?: string) => call(handler, "GET", path.replace("{id}", id), { key, params: { id } });
const post = (handler: typeof expire, path: string, id: string, key?: string, body?: unknown) => call(handler, "POST", path.replace("{id}", id), { key, params: { id }, body });

/** A domain context for a merchant, to insert many payments without going through the create limit. */
async function ctxFor(m: M, mode: "test" | "live" = "test"): Promise<DomainContext> {
  const [application] = await db().select().from(applications).where(eq(applications.id, m.applicationId));
  const merchant = (await getMerchant(db(), m.merchant.id))!;
  return { db: db(), merchant, application, mode, now: merchantNow(merchant, mode), source: "api" };
}

const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type);
const rowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];

describe("GET /v1/payments", () => {
  it("lists the key's merchant and mode only, newest first, with the pagination object", async () => {
    const m = await newLiveMerchant();
    const other = await newMerchant();
    const ctx = await ctxFor(m);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await insertPayment(ctx, { amount: 100 + i, customerPhone: "+22370000009" })).id);
    await insertPayment(await ctxFor(m, "live"), { amount: 999, customerPhone: "+22370000009" });
    await insertPayment(await ctxFor(other), { amount: 998, customerPhone: "+22370000009" });

    const res = await call(list, "GET", "/v1/payments?limit=2&page=1", { key: m.testKey });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 2, total: 5, pages: 3 });
    expect(res.body.data.payments.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
    expect(Object.keys(res.body.data.payments[0]).sort()).toEqual(["amount", "created_at", "currency", "customer", "id", "reference_id", "status"]);
    const last = await call(list, "GET", "/v1/payments?limit=2&page=3", { key: m.testKey });
    expect(last.body.data.payments.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    const beyond = await call(list, "GET", "/v1/payments?limit=2&page=4", { key: m.testKey });
    expect(beyond.body.data).toEqual({ payments: [], pagination: { page: 4, limit: 2, total: 5, pages: 3 } });
    const live = await call(list, "GET", "/v1/payments", { key: m.liveKey });
    expect(live.body.data.payments.map((p: { amount: number }) => p.amount)).toEqual([999]);
    expect(live.body.data.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
  });

  it("filters by status and accepts limit 1 and 100", async () => {
    const m = await newMerchant();
    const ctx = await ctxFor(m);
    const a = await insertPayment(ctx, { amount: 1000, customerPhone: "+22370000009" });
    await insertPayment(ctx, { amount: 2000, customerPhone: "+22370000009" });
    await settlePayment(db(), a.id, { status: "SUCCESS" });
    const ok = await call(list, "GET", "/v1/payments?status=SUCCESS&limit=100", { key: m.testKey });
    expect(ok.body.data.payments.map((p: { id: string }) => p.id)).toEqual([a.id]);
    expect((await call(list, "GET", "/v1/payments?status=pending&limit=1", { key: m.testKey })).body.data.pagination).toEqual({ page: 1, limit: 1, total: 1, pages: 1 });
  });

  it.each([
    ["limit=101", "INVALID_PAGINATION"],
    ["limit=0", "INVALID_PAGINATION"],
    ["limit=abc", "INVALID_PAGINATION"],
    ["page=0", "INVALID_PAGINATION"],
    ["page=1.5", "INVALID_PAGINATION"],
    ["status=PAID", "INVALID_PAYMENT_STATUS"],
  ])("refuses ?%s with %s", async (qs, code) => {
    const m = await newMerchant();
    const res = await call(list, "GET", `/v1/payments?${qs}`, { key: m.testKey });
    expect([res.status, res.body.error.code]).toEqual([400, code]);
  });

  it("never lists a PENDING payment past its expires_at, writes nothing on the read, and the sweep expires it once", async () => {
    const m = await newMerchant();
    const p = await insertPayment(await ctxFor(m), { amount: 1000, customerPhone: "+22370000009" });
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const [a, b, c] = await Promise.all([
      call(list, "GET", "/v1/payments", { key: m.testKey }),
      call(list, "GET", "/v1/payments?status=PENDING", { key: m.testKey }),
      call(list, "GET", "/v1/payments?status=EXPIRED", { key: m.testKey }),
    ]);
    expect(a.body.data.payments[0]).toMatchObject({ id: p.id, status: "EXPIRED" });
    expect(b.body.data.payments).toEqual([]);
    expect(c.body.data.payments.map((x: { id: string }) => x.id)).toEqual([p.id]);
    // Lists do no background work: the row is the expiry job's to settle, with its one event.
    expect(await eventsOf(p.id)).toEqual([]);
    expect(await expireDuePayments(db(), { merchantId: m.merchant.id })).toBe(1);
    expect(await eventsOf(p.id)).toEqual(["payment.expired"]);
    const after = await call(list, "GET", "/v1/payments?status=PENDING", { key: m.testKey });
    expect(after.body.data.pagination.total).toBe(0);
  });

  it("search and history show a due payment EXPIRED without settling it", async () => {
    const m = await newMerchant();
    const p = await insertPayment(await ctxFor(m), { amount: 1000, customerPhone: "+22370000009", clientReference: "CMD-DUE" });
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const found = await call(search, "GET", "/v1/payments/search?client_reference=CMD-DUE", { key: m.testKey });
    const hist = await call(history, "GET", "/v1/payments/history?status=EXPIRED", { key: m.testKey });
    for (const shown of [found.body.data, hist.body.data.transactions[0]]) {
      expect(shown).toMatchObject({ id: p.id, status: "EXPIRED", status_reason: expect.stringContaining("expires_at") });
    }
    expect((await call(history, "GET", "/v1/payments/history?status=PENDING", { key: m.testKey })).body.data.transactions).toEqual([]);
    expect(await eventsOf(p.id)).toEqual([]);
  });

  it("requires a key", async () => {
    expect((await call(list, "GET", "/v1/payments")).status).toBe(401);
  });
});

describe("GET /v1/payments/{id}", () => {
  it("answers the public status without a key: no metadata, client_reference, provider_ref; phone masked", async () => {
    const m = await newMerchant({ name: "Boutique Awa" });
    const id = (await createVia(m.testKey, { ...valid, client_reference: "ORDER-1", metadata: { order: 1 }, description: "Commande 1042" })).body.data.id;
    const res = await get(getOne, "/v1/payments/{id}", id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      ["amount", "created_at", "currency", "customer_phone", "description", "expires_at", "id", "initiated_at", "livemode", "merchant_name", "payment_method", "reference_id", "status", "status_reason", "updated_at"].sort(),
    );
    expect(res.body.data).toMatchObject({ id, status: "PENDING", amount: 12_500, merchant_name: "Boutique Awa", description: "Commande 1042", livemode: false });
    expect(res.body.data.customer_phone).not.toContain("70000009");
    expect(res.body.data.customer_phone).toMatch(/^\+223•+09$/);
    expect(JSON.stringify(res.body)).not.toContain("ORDER-1");
  });

  it("answers the full object with a key, the same as /status", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey, { ...valid, client_reference: "ORDER-2", metadata: { service_mock: true } })).body.data.id;
    const full = await get(getOne, "/v1/payments/{id}", id, m.testKey);
    expect(full.body.data).toMatchObject({ id, client_reference: "ORDER-2", metadata: { service_mock: true }, customer_phone: "+22370000009", provider: "OPERATOR_MONEY", provider_ref: null, fee_total: 250 });
    for (const field of ["id", "status", "amount", "currency", "payment_method", "redirect_url", "gateway_used", "routing_reason", "expires_at", "created_at", "updated_at", "provider", "provider_ref", "customer_phone", "client_reference", "metadata", "fee_total"]) {
      expect(full.body.data).toHaveProperty(field);
    }
    const status = await get(getStatus, "/v1/payments/{id}/status", id, m.testKey);
    expect(status.body.data).toEqual(full.body.data);
  });

  it("refuses a bad key even though the route is public, and answers NOT_FOUND for an unknown id", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    expect((await get(getOne, "/v1/payments/{id}", id, `sk_test_${"x".repeat(32)}`)).body.error.code).toBe("INVALID_API_KEY");
    expect((await call(getOne, "GET", `/v1/payments/${id}`, { params: { id }, headers: { authorization: "Basic x" } })).status).toBe(401);
    const missing = await get(getOne, "/v1/payments/{id}", "txn_nope");
    expect([missing.status, missing.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("expires on read, with payment.expired exactly once under concurrent reads", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    await advanceTestClock(db(), m.merchant.id, 15 * 60 - 60);
    expect((await get(getOne, "/v1/payments/{id}", id)).body.data.status).toBe("PENDING");
    await advanceTestClock(db(), m.merchant.id, 60);
    const reads = await Promise.all([
      get(getOne, "/v1/payments/{id}", id),
      get(getOne, "/v1/payments/{id}", id, m.testKey),
      get(getStatus, "/v1/payments/{id}/status", id, m.testKey),
      get(getDetails, "/v1/payments/{id}/details", id, m.testKey),
    ]);
    expect(reads.map((r) => r.body.data.status)).toEqual(["EXPIRED", "EXPIRED", "EXPIRED", "EXPIRED"]);
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
    expect(await expireDuePayments(db(), { merchantId: m.merchant.id })).toBe(0);
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
  });
});

describe("key isolation", () => {
  it("answers NOT_FOUND to another merchant's key and to the other mode's key, and changes nothing", async () => {
    const owner = await newLiveMerchant();
    const stranger = await newMerchant();
    const id = (await createVia(owner.testKey)).body.data.id;
    await advanceTestClock(db(), owner.merchant.id, 3600);
    const before = await rowOf(id);
    for (const key of [stranger.testKey, owner.liveKey]) {
      const answers = await Promise.all([
        get(getOne, "/v1/payments/{id}", id, key),
        get(getStatus, "/v1/payments/{id}/status", id, key),
        get(getDetails, "/v1/payments/{id}/details", id, key),
        post(expire, "/v1/payments/{id}/expire", id, key),
        post(reconcile, "/v1/payments/{id}/reconcile", id, key),
      ]);
      for (const a of answers) expect([a.status, a.body.error?.code]).toEqual([404, "NOT_FOUND"]);
      const sim = await post(simulate, "/v1/sandbox/payments/{id}/simulate", id, key, { outcome: "SUCCESS" });
      expect(sim.status).toBe(key === owner.liveKey ? 403 : 404);
    }
    const s = await call(search, "GET", "/v1/payments/search?client_reference=x", { key: stranger.testKey });
    expect([s.status, s.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect(await rowOf(id)).toEqual(before);
    expect(await eventsOf(id)).toEqual([]);
  });

  it("keeps a live payment invisible to the same merchant's test key", async () => {
    const m = await newLiveMerchant();
    const id = (await createVia(m.liveKey)).body.data.id;
    expect((await get(getOne, "/v1/payments/{id}", id, m.testKey)).status).toBe(404);
    expect((await get(getOne, "/v1/payments/{id}", id, m.liveKey)).body.data).toMatchObject({ id, livemode: true, gateway_used: "operator_live" });
  });
});

describe("GET /v1/payments/{id}/details", () => {
  it("shows fee_total and the balanced ledger entries, never a fee split or a net field", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey, { ...valid, amount: 10_000 })).body.data.id;
    const pending = await get(getDetails, "/v1/payments/{id}/details", id, m.testKey);
    expect(pending.body.data).toMatchObject({ id, status: "PENDING", fee_total: 200, ledger_entries: [], items: null });
    await settlePayment(db(), id, { status: "SUCCESS", providerRef: "OP-1" });
    const res = await get(getDetails, "/v1/payments/{id}/details", id, m.testKey);
    expect(res.body.data.fee_total).toBe(200);
    const entries = res.body.data.ledger_entries as { journal_id: string; account: string; amount: number; kind: string }[];
    expect(entries.map((e) => [e.account, e.amount]).sort()).toEqual(
      [["merchant_available", -200], ["merchant_available", 10_000], ["operator_clearing", -10_000], ["platform_fees", 200]].sort(),
    );
    expect(entries.every((e) => e.kind === "payment.collected")).toBe(true);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(await unbalancedJournals(db(), [entries[0].journal_id])).toEqual([]);
    const text = JSON.stringify(res.body.data);
    expect(text).not.toMatch(/net|fee_split|operator_fee|platform_fee"/i);
  });
});

describe("GET /v1/payments/history", () => {
  it("pages with limit and offset and filters by status and [from, to)", async () => {
    const m = await newMerchant();
    const at: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const c = await ctxFor(m);
      const p = await insertPayment(c, { amount: 1000 + i, customerPhone: "+22370000009" });
      ids.push(p.id);
      at.push(p.createdAt.toISOString());
      await advanceTestClock(db(), m.merchant.id, 60);
    }
    await settlePayment(db(), ids[1], { status: "FAILED" });
    const page = await call(history, "GET", "/v1/payments/history?limit=2&offset=1", { key: m.testKey });
    expect(page.status).toBe(200);
    expect(page.body.data.pagination).toEqual({ limit: 2, offset: 1, total: 4 });
    expect(page.body.data.transactions.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.data.transactions[0]).toHaveProperty("fee_total");
    const failed = await call(history, "GET", "/v1/payments/history?status=FAILED", { key: m.testKey });
    expect(failed.body.data.transactions.map((t: { id: string }) => t.id)).toEqual([ids[1]]);
    const window = await call(history, "GET", `/v1/payments/history?from=${encodeURIComponent(at[1])}&to=${encodeURIComponent(at[3])}`, { key: m.testKey });
    expect(window.body.data.transactions.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]]);
    expect(window.body.data.pagination).toEqual({ limit: 20, offset: 0, total: 2 });
    const defaults = await call(history, "GET", "/v1/payments/history", { key: m.testKey });
    expect(defaults.body.data.pagination).toEqual({ limit: 20, offset: 0, total: 4 });
  });

  it.each([
    ["limit=101", "INVALID_PAGINATION"],
    ["limit=0", "INVALID_PAGINATION"],
    ["offset=-1", "INVALID_OFFSET"],
    ["status=DONE", "INVALID_PAYMENT_STATUS"],
    ["from=yesterday", "INVALID_DATE_RANGE"],
    ["to=2026-13-45", "INVALID_DATE_RANGE"],
    ["from=2026-10-02&to=2026-10-01", "INVALID_DATE_RANGE"],
    ["from=2026-10-01&to=2026-10-01", "INVALID_DATE_RANGE"],
    ["from=2026-11-31", "INVALID_DATE_RANGE"],
    ["to=2026-02-29T00:00:00Z", "INVALID_DATE_RANGE"],
  ])("refuses ?%s with %s", async (qs, code) => {
    const m = await newMerchant();
    const res = await call(history, "GET", `/v1/payments/history?${qs}`, { key: m.testKey });
    expect([res.status, res.body.error.code]).toEqual([400, code]);
  });

  it("accepts limit 100 and offset 0 and date-only bounds", async () => {
    const m = await newMerchant();
    const res = await call(history, "GET", "/v1/payments/history?limit=100&offset=0&from=2020-01-01&to=2100-01-01", { key: m.testKey });
    expect(res.body.data).toEqual({ transactions: [], pagination: { limit: 100, offset: 0, total: 0 } });
    // The last day of a month, and 29 February of a leap year, are dates.
    expect((await call(history, "GET", "/v1/payments/history?from=2026-11-30&to=2028-02-29", { key: m.testKey })).status).toBe(200);
  });
});

describe("POST /v1/payments/{id}/expire", () => {
  it("refuses before expires_at, expires after it with one event, and refuses a finalized payment", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    const early = await post(expire, "/v1/payments/{id}/expire", id, m.testKey);
    expect([early.status, early.body.error.code]).toEqual([409, "PAYMENT_NOT_EXPIRED"]);
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const ok = await post(expire, "/v1/payments/{id}/expire", id, m.testKey);
    expect([ok.status, ok.body.data.status, ok.body.data.id]).toEqual([200, "EXPIRED", id]);
    const again = await post(expire, "/v1/payments/{id}/expire", id, m.testKey);
    expect([again.status, again.body.data.status]).toEqual([200, "EXPIRED"]);
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
    const paid = (await createVia(m.testKey)).body.data.id;
    await settlePayment(db(), paid, { status: "SUCCESS" });
    const final = await post(expire, "/v1/payments/{id}/expire", paid, m.testKey);
    expect([final.status, final.body.error.code]).toEqual([409, "PAYMENT_FINALIZED"]);
    expect(await eventsOf(paid)).toEqual(["payment.success"]);
  });
});

describe("rate limits", () => {
  it("answers the 11th creation within a minute with 429 and the rate-limit headers", async () => {
    const m = await newMerchant();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await createVia(m.testKey));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers[9].headers.get("RateLimit-Remaining")).toBe("0");
    const last = answers[10];
    expect([last.status, last.body.error.code]).toEqual([429, "RATE_LIMIT_EXCEEDED"]);
    expect(last.headers.get("RateLimit-Limit")).toBe("10");
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(10);
    // Another merchant's key has its own budget.
    expect((await createVia((await newMerchant()).testKey)).status).toBe(201);
  });

  it("counts creations, not refusals: 10 invalid bodies leave the 10 creations of the minute intact", async () => {
    const m = await newMerchant();
    for (let i = 0; i < 10; i++) {
      const refused = await createVia(m.testKey, { ...valid, amount: 5 });
      expect(refused.body.error.code).toBe("INVALID_AMOUNT");
    }
    const created = [];
    for (let i = 0; i < 11; i++) created.push((await createVia(m.testKey)).status);
    expect(created).toEqual([...Array(10).fill(201), 429]);
  });

  it("allows 10 reconciliations a minute per key and refuses the 11th", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    const answers = await Promise.all(Array.from({ length: 11 }, () => post(reconcile, "/v1/payments/{id}/reconcile", id, m.testKey)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(refused[0].headers.get("RateLimit-Limit")).toBe("10");
  });
});

describe("POST /v1/payments/{id}/reconcile (simulator)", () => {
  it("leaves a simulated pending payment unchanged, expires it after expires_at, and answers a terminal one as is", async () => {
    const m = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    const r1 = await post(reconcile, "/v1/payments/{id}/reconcile", id, m.testKey);
    expect(r1.status).toBe(200);
    expect(r1.body.data).toMatchObject({ previous_status: "PENDING", operator_status: "PENDING", action: "none", changed: false, payment: { id, status: "PENDING" } });
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    const r2 = await post(reconcile, "/v1/payments/{id}/reconcile", id, m.testKey);
    expect(r2.body.data).toMatchObject({ previous_status: "PENDING", action: "expired", changed: true, payment: { status: "EXPIRED" } });
    const r3 = await post(reconcile, "/v1/payments/{id}/reconcile", id, m.testKey);
    expect(r3.body.data).toMatchObject({ previous_status: "EXPIRED", operator_status: null, action: "none", changed: false });
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
  });
});

describe("utilities and refused routes", () => {
  it("lists only the operator, publicly and with a key", async () => {
    const m = await newMerchant();
    const pub = await call(enabledProviders, "GET", "/v1/providers/enabled");
    expect(pub.status).toBe(200);
    expect(pub.body.data.providers).toHaveLength(1);
    expect(pub.body.data.providers[0]).toMatchObject({ code: "OPERATOR_MONEY", currency: "XOF", min_amount: 100, max_amount: 5_000_000, available: true });
    const keyed = await call(paymentProviders, "GET", "/v1/payments/providers", { key: m.testKey });
    expect(keyed.body.data).toEqual(pub.body.data);
    expect((await call(paymentProviders, "GET", "/v1/payments/providers")).status).toBe(401);
  });

  it("recommends only the operator, with or without a phone, and validates the phone", async () => {
    const m = await newMerchant();
    const plain = await call(recommend, "GET", "/v1/payments/recommend", { key: m.testKey });
    expect(plain.body.data).toMatchObject({ provider: "OPERATOR_MONEY", recommended: { code: "OPERATOR_MONEY" } });
    const withPhone = await call(recommend, "GET", `/v1/payments/recommend?phone=${encodeURIComponent("+22370000001")}`, { key: m.testKey });
    expect(withPhone.body.data.provider).toBe("OPERATOR_MONEY");
    expect(withPhone.body.data.reason).toMatch(/Malian/);
    const bad = await call(recommend, "GET", "/v1/payments/recommend?phone=123", { key: m.testKey });
    expect([bad.status, bad.body.error.code]).toEqual([400, "INVALID_PHONE"]);
  });

  it("answers refunds with 503 REFUNDS_UNAVAILABLE and payout creation with 403 PAYOUTS_UNAVAILABLE", async () => {
    const m = await newMerchant();
    const r = await call(refund, "POST", "/v1/refunds", { key: m.testKey, body: { payment_id: "txn_x", amount: 100 } });
    expect([r.status, r.body.success, r.body.error.code]).toEqual([503, false, "REFUNDS_UNAVAILABLE"]);
    const p = await call(createPayout, "POST", "/v1/payouts", { key: m.testKey, body: { amount: 1000, recipient_phone: "+22370000001" } });
    expect([p.status, p.body.error.code]).toEqual([403, "PAYOUTS_UNAVAILABLE"]);
    expect((await call(refund, "POST", "/v1/refunds", { body: {} })).status).toBe(401);
  });

  it("answers the payout list's reference shape", async () => {
    const m = await newMerchant();
    const res = await call(listPayouts, "GET", "/v1/payouts", { key: m.testKey });
    expect(res.body.data).toEqual({ payouts: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } });
    const paged = await call(listPayouts, "GET", "/v1/payouts?page=3&limit=100&status=COMPLETED&type=SALARY", { key: m.testKey });
    expect(paged.body.data.pagination).toEqual({ page: 3, limit: 100, total: 0, total_pages: 0 });
    for (const qs of ["limit=101", "page=0", "limit=0"]) {
      expect((await call(listPayouts, "GET", `/v1/payouts?${qs}`, { key: m.testKey })).body.error.code).toBe("INVALID_PAGINATION");
    }
    expect((await call(listPayouts, "GET", "/v1/payouts?type=GIFT", { key: m.testKey })).body.error).toMatchObject({ code: "INVALID_FIELD", param: "type" });
  });
});
