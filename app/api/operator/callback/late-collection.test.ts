import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callback } from "@/app/api/operator/callback/route";
import { POST as create } from "@/app/v1/payments/route";
import { GET as getOne } from "@/app/v1/payments/[id]/route";
import { GET as getStatus } from "@/app/v1/payments/[id]/status/route";
import { GET as getDetails } from "@/app/v1/payments/[id]/details/route";
import { POST as cancel } from "@/app/v1/payments/[id]/cancel/route";
import { POST as expire } from "@/app/v1/payments/[id]/expire/route";
import { GET as history } from "@/app/v1/payments/history/route";
import { POST as advanceClock } from "@/app/v1/sandbox/clock/advance/route";
import { db } from "@/db/client";
import { events, journals, lateCollections, ledgerEntries, payments } from "@/db/schema";
import { unbalancedJournals } from "@/lib/ledger/balance";
import { OPERATOR_SIGNATURE_HEADER, signOperatorBody } from "@/lib/operator/signature";
import { initiatePayment } from "@/lib/payments/initiate";
import { settlePayment } from "@/lib/payments/settle";
import { FakeOperator, serveHandler } from "@/tests/support/fake-operator";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";

/**
 * An operator SUCCESS for a payment that had already ended (docs/decisions/payments.md, "Late
 * collections"), through the real signed callback route: booked once into
 * late_collections_suspense with its payment.late_success event, the payment untouched.
 */

let sandbox: FakeOperator;
let ours: { url: string; close: () => Promise<void> };
const saved = { ...process.env };
const SECRET = "late_callback_secret";

beforeAll(async () => {
  sandbox = await FakeOperator.start({ apiKey: "late_key", callbackSecret: SECRET });
  ours = await serveHandler(callback);
  Object.assign(process.env, {
    OPERATOR_SANDBOX_URL: sandbox.url,
    OPERATOR_SANDBOX_KEY: "late_key",
    OPERATOR_SANDBOX_CALLBACK_SECRET: SECRET,
    OPERATOR_TIMEOUT_MS: "1000",
    CAURI_PUBLIC_URL: ours.url,
  });
});

afterAll(async () => {
  process.env = saved;
  await Promise.all([sandbox.close(), ours.close()]);
});

const AMOUNT = 20_000;
const body = { amount: AMOUNT, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000000", return_url: "https://shop.example.ml/ok", metadata: { sandbox: true } };
let seq = 0;

async function newPayment() {
  const m = await newMerchant();
  const res = await call(create, "POST", "/v1/payments", { key: m.testKey, body, idempotencyKey: `late-${++seq}` });
  expect(res.status).toBe(201);
  return { m, id: res.body.data.id as string };
}

/** A payment whose collection is on the customer's phone (the operator has it). */
async function initiated() {
  const { m, id } = await newPayment();
  await initiatePayment(db(), id);
  expect(sandbox.byReference(id)).toBeDefined();
  return { m, id };
}

/** The operator's signed callback, as its own body (for a collection the fake does not hold). */
const signedCallback = (payload: Record<string, unknown>) => {
  const raw = JSON.stringify(payload);
  return call(callback, "POST", "/api/operator/callback", { rawBody: raw, headers: { "content-type": "application/json", [OPERATOR_SIGNATURE_HEADER]: signOperatorBody(SECRET, raw) } });
};

const rowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id)).orderBy(events.id)).map((e) => e.type);
const lateRows = (id: string) => db().select().from(lateCollections).where(eq(lateCollections.paymentId, id));
const journalsOf = (id: string) => db().select().from(journals).where(eq(journals.refId, id));
const keyed = (handler: typeof getOne, path: string, id: string, key: string) => call(handler, "GET", path.replace("{id}", id), { key, params: { id } });

/** Every journal of the payment sums to zero, and so do all the merchant's entries together. */
async function expectBalancedBooks(merchantId: string, paymentId: string) {
  const ids = (await journalsOf(paymentId)).map((j) => j.id);
  expect(ids.length).toBeGreaterThan(0);
  expect(await unbalancedJournals(db(), ids)).toEqual([]);
  const [{ total }] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.merchantId, merchantId));
  expect(Number(total)).toBe(0);
}

describe("an operator SUCCESS for a payment that already ended", () => {
  it("after a cancel: acknowledged 200, booked into suspense once, the payment stays CANCELLED, payment.late_success emitted", async () => {
    const { m, id } = await newPayment();
    const cancelled = await call(cancel, "POST", `/v1/payments/${id}/cancel`, { params: { id } });
    expect([cancelled.status, cancelled.body.data.status]).toEqual([200, "CANCELLED"]);

    const res = await signedCallback({ reference: id, status: "SUCCESS", provider_ref: "OP-LATE-1" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ payment_id: id, status: "CANCELLED", changed: false });
    expect(res.body.data.late_collection_id).toMatch(/^lc_/);

    const row = await rowOf(id);
    expect(row.status).toBe("CANCELLED");
    expect(row.settledAt).not.toBeNull();
    const [late] = await lateRows(id);
    expect(late).toMatchObject({ id: res.body.data.late_collection_id, merchantId: m.merchant.id, mode: "test", amount: AMOUNT, paymentStatus: "CANCELLED", providerRef: "OP-LATE-1", status: "OPEN", resolvedAt: null });
    expect(await eventsOf(id)).toEqual(["payment.late_success"]);

    // The journal: operator_clearing −amount, late_collections_suspense +amount; the merchant's balance does not move.
    const entries = await db()
      .select({ kind: journals.kind, account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(journals)
      .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, journals.id))
      .where(eq(journals.refId, id))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { kind: "payment.late_collected", account: "operator_clearing", amount: -AMOUNT },
      { kind: "payment.late_collected", account: "late_collections_suspense", amount: AMOUNT },
    ]);
    await expectBalancedBooks(m.merchant.id, id);

    // The merchant sees it on the payment object, its details (with the journal) and the event.
    const one = await keyed(getOne, "/v1/payments/{id}", id, m.testKey);
    expect(one.body.data.status).toBe("CANCELLED");
    expect(one.body.data.late_collection).toEqual({ id: late.id, status: "OPEN", amount: AMOUNT, provider_ref: "OP-LATE-1", created_at: late.createdAt.toISOString(), resolved_at: null });
    expectMatchesOpenApi("GET", `/v1/payments/${id}`, one.status, one.body);
    const details = await keyed(getDetails, "/v1/payments/{id}/details", id, m.testKey);
    expect(details.body.data.late_collection.status).toBe("OPEN");
    expect(details.body.data.ledger_entries.map((e: { kind: string; account: string; amount: number }) => [e.kind, e.account, e.amount])).toEqual([
      ["payment.late_collected", "operator_clearing", -AMOUNT],
      ["payment.late_collected", "late_collections_suspense", AMOUNT],
    ]);
    expectMatchesOpenApi("GET", `/v1/payments/${id}/details`, details.status, details.body);
    const [event] = await db().select().from(events).where(and(eq(events.objectId, id), eq(events.type, "payment.late_success")));
    expect(event.payload.data.object).toMatchObject({ id, status: "CANCELLED", late_collection: { id: late.id, status: "OPEN", amount: AMOUNT } });
  });

  it("after expiry: payment.expired stays emitted once, the status stays EXPIRED, every keyed read shows the late collection", async () => {
    const { m, id } = await initiated();
    const advanced = await call(advanceClock, "POST", "/v1/sandbox/clock/advance", { key: m.testKey, body: { seconds: 16 * 60 } });
    expect(advanced.status).toBe(200);
    expect((await rowOf(id)).status).toBe("EXPIRED");
    expect(await eventsOf(id)).toEqual(["payment.expired"]);

    sandbox.complete(id, "SUCCESS");
    const res = await sandbox.sendCallback(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ payment_id: id, status: "EXPIRED", changed: false, late_collection_id: expect.stringMatching(/^lc_/) });

    expect((await rowOf(id)).status).toBe("EXPIRED");
    expect(await eventsOf(id)).toEqual(["payment.expired", "payment.late_success"]);
    const [late] = await lateRows(id);
    expect(late).toMatchObject({ paymentStatus: "EXPIRED", providerRef: `OP-${sandbox.byReference(id)!.id}`, status: "OPEN" });

    // Reads that could expire it again, or answer it, never emit a second payment.expired nor change it.
    for (const [handler, path] of [
      [getOne, "/v1/payments/{id}"],
      [getStatus, "/v1/payments/{id}/status"],
      [getDetails, "/v1/payments/{id}/details"],
    ] as const) {
      const read = await keyed(handler, path, id, m.testKey);
      expect([read.status, read.body.data.status, read.body.data.late_collection?.id]).toEqual([200, "EXPIRED", late.id]);
      expectMatchesOpenApi("GET", path.replace("{id}", id), read.status, read.body);
    }
    const again = await call(expire, "POST", `/v1/payments/${id}/expire`, { key: m.testKey, params: { id } });
    expect([again.status, again.body.data.status, again.body.data.late_collection.status]).toEqual([200, "EXPIRED", "OPEN"]);
    const listed = await call(history, "GET", "/v1/payments/history", { key: m.testKey });
    expect(listed.body.data.transactions.find((p: { id: string }) => p.id === id).late_collection.id).toBe(late.id);
    expect(await eventsOf(id)).toEqual(["payment.expired", "payment.late_success"]);
    await expectBalancedBooks(m.merchant.id, id);
  });

  it("after a FAILED: a later SUCCESS is a late collection too (the payment stays FAILED, payment.failed once)", async () => {
    const { id } = await initiated();
    sandbox.complete(id, "FAILED", "Timeout on the handset.");
    expect((await sandbox.sendCallback(id)).body.data).toEqual({ payment_id: id, status: "FAILED", changed: true });
    sandbox.complete(id, "SUCCESS");
    const res = await sandbox.sendCallback(id);
    expect(res.body.data).toMatchObject({ status: "FAILED", changed: false, late_collection_id: expect.any(String) });
    expect((await rowOf(id)).status).toBe("FAILED");
    expect(await eventsOf(id)).toEqual(["payment.failed", "payment.late_success"]);
    expect((await lateRows(id))[0].paymentStatus).toBe("FAILED");
  });

  it("books a duplicated late callback once: one row, one journal, one event, the same id answered each time", async () => {
    const { m, id } = await initiated();
    await settlePayment(db(), id, { status: "CANCELLED" });
    sandbox.complete(id, "SUCCESS");
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await sandbox.sendCallback(id));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.late_collection_id)).size).toBe(1);
    expect(await lateRows(id)).toHaveLength(1);
    expect((await journalsOf(id)).map((j) => j.kind)).toEqual(["payment.late_collected"]);
    expect(await eventsOf(id)).toEqual(["payment.late_success"]);
    await expectBalancedBooks(m.merchant.id, id);
  });

  it("books concurrent duplicate callbacks once (the payment's row lock, then the unique payment_id)", async () => {
    const { m, id } = await initiated();
    await settlePayment(db(), id, { status: "CANCELLED" });
    sandbox.complete(id, "SUCCESS");
    const answers = await Promise.all(Array.from({ length: 6 }, () => sandbox.sendCallback(id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.late_collection_id)).size).toBe(1);
    expect(await lateRows(id)).toHaveLength(1);
    expect((await journalsOf(id)).map((j) => j.kind)).toEqual(["payment.late_collected"]);
    expect(await eventsOf(id)).toEqual(["payment.late_success"]);
    expect((await rowOf(id)).status).toBe("CANCELLED");
    await expectBalancedBooks(m.merchant.id, id);
  });

  it("a FAILED for an ended payment still changes nothing and books nothing", async () => {
    const { id } = await newPayment();
    await call(cancel, "POST", `/v1/payments/${id}/cancel`, { params: { id } });
    const res = await signedCallback({ reference: id, status: "FAILED", reason: "Declined." });
    expect([res.status, res.body.data]).toEqual([200, { payment_id: id, status: "CANCELLED", changed: false }]);
    expect(await lateRows(id)).toEqual([]);
    expect(await journalsOf(id)).toEqual([]);
    expect(await eventsOf(id)).toEqual([]);
  });

  it("only the operator's word makes a late collection: the service's own settlements still refuse with PAYMENT_FINALIZED", async () => {
    const { id } = await newPayment();
    await settlePayment(db(), id, { status: "CANCELLED" });
    await expect(settlePayment(db(), id, { status: "SUCCESS" })).rejects.toMatchObject({ code: "PAYMENT_FINALIZED" });
    const first = await settlePayment(db(), id, { status: "SUCCESS", providerRef: "OP-X" }, { source: "operator" });
    const second = await settlePayment(db(), id, { status: "SUCCESS", providerRef: "OP-Y" }, { source: "operator" });
    expect([first.changed, first.late?.created, second.late?.created]).toEqual([false, true, false]);
    expect(second.late?.lateCollection.id).toBe(first.late?.lateCollection.id);
    expect(second.late?.lateCollection.providerRef).toBe("OP-X");
    // A SUCCESS payment has nothing late: the same status again is a no-op.
    const paid = await newPayment();
    await settlePayment(db(), paid.id, { status: "SUCCESS" }, { source: "operator" });
    expect((await settlePayment(db(), paid.id, { status: "SUCCESS" }, { source: "operator" })).late).toBeUndefined();
    expect(await db().select().from(lateCollections).where(inArray(lateCollections.paymentId, [paid.id]))).toEqual([]);
  });
});
