import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, observeQueries } from "@/db/client";
import { events, ledgerEntries, journals, payments } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { expireDuePayments } from "@/lib/payments/expire";
import { collectionActivity } from "@/lib/payments/activity";
import { dashboardPayments } from "@/lib/payments/dashboard";
import { findPaymentByReference, listPayments, paymentHistory } from "@/lib/payments/list";
import { committedLiveVolume } from "@/lib/platform/volume-cap";
import { newMerchant } from "@/tests/support/merchant";

/**
 * List latency must not grow with table size: the queries that lists, searches and sweeps
 * actually run (captured from the driver) are EXPLAINed on tables large enough for the
 * planner to care, and none may scan a big table sequentially.
 */
const BIG_TABLES = ["payments", "events", "ledger_entries", "journals"];
const MERCHANTS = 40;
const PER_MERCHANT = 150;

let ctx: DomainContext;

beforeAll(async () => {
  const created = [];
  for (let i = 0; i < MERCHANTS; i++) created.push(await newMerchant({ name: `Index ${i}` }));
  const now = Date.now();
  for (const m of created) {
    const rows = Array.from({ length: PER_MERCHANT }, (_, j) => {
      const at = new Date(now - j * 60_000);
      return {
        id: newId("txn", at.getTime()),
        merchantId: m.merchant.id,
        applicationId: m.applicationId,
        mode: "test" as const,
        status: (j % 5 === 0 ? "PENDING" : "SUCCESS") as "PENDING" | "SUCCESS",
        amount: 1000 + j,
        customerPhone: `+2237000${String(j).padStart(4, "0")}`,
        clientReference: `ref-${m.merchant.id}-${j}`,
        feeTotal: 25,
        adapter: "simulator" as const,
        gatewayUsed: "service_simulator",
        routingReason: "test",
        expiresAt: new Date(now + 3600_000),
        createdAt: at,
        updatedAt: at,
      };
    });
    await db().insert(payments).values(rows);
    const jids = rows.slice(0, 50).map((r) => ({ id: newId("jrn"), merchantId: m.merchant.id, mode: "test" as const, kind: "payment.collected", refType: "payment", refId: r.id }));
    await db().insert(journals).values(jids);
    await db().insert(ledgerEntries).values(jids.flatMap((j) => [
      { journalId: j.id, merchantId: m.merchant.id, mode: "test" as const, account: "merchant_available" as const, amount: 1000 },
      { journalId: j.id, merchantId: m.merchant.id, mode: "test" as const, account: "operator_clearing" as const, amount: -1000 },
    ]));
    await db().insert(events).values(rows.slice(0, 50).map((r) => ({ id: newId("evt"), merchantId: m.merchant.id, applicationId: m.applicationId, mode: "test" as const, type: "payment.success", objectId: r.id, payload: { id: "x", type: "payment.success", timestamp: "", livemode: false, data: { object: {} } }, dispatchedAt: new Date() })));
  }
  for (const t of BIG_TABLES) await db().execute(sql.raw(`analyze ${t}`));
  const m = created[7];
  ctx = { db: db(), merchant: m.merchant, application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: new Date() }, mode: "test", now: merchantNow(m.merchant, "test"), source: "api" };
});

afterAll(() => observeQueries(null));

async function capture(run: () => Promise<unknown>) {
  const seen: { query: string; params: unknown[] }[] = [];
  observeQueries((query, params) => seen.push({ query, params }));
  try {
    await run();
  } finally {
    observeQueries(null);
  }
  return seen.filter((q) => /^\s*select/i.test(q.query));
}

async function planOf(query: string, params: unknown[]): Promise<string> {
  const client = (db() as unknown as { $client: { unsafe?: (q: string, p: unknown[]) => Promise<unknown[]>; query?: (q: string, p: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;
  const text = `explain (format json) ${query}`;
  const values = params.map((p) => (p instanceof Date ? p.toISOString() : p));
  const rows = client.unsafe ? await client.unsafe(text, values as never[]) : (await client.query!(text, values)).rows;
  return JSON.stringify(rows);
}

async function seqScans(query: string, params: unknown[]): Promise<string[]> {
  const plan = await planOf(query, params);
  return BIG_TABLES.filter((t) => new RegExp(`"Node Type":"Seq Scan"[^{}]*"Relation Name":"${t}"`).test(plan));
}

/**
 * A page of a list must come straight off an index in list order: a Sort node means PostgreSQL reads
 * the merchant's whole set to return 20 rows (what an index built DESC NULLS LAST under an
 * ORDER BY … DESC, i.e. NULLS FIRST, did), which grows with the table.
 */
async function sortsRows(query: string, params: unknown[]): Promise<boolean> {
  if (!/order by/i.test(query) || !/limit/i.test(query)) return false;
  return (await planOf(query, params)).includes('"Node Type":"Sort"');
}

describe("indexes behind lists, searches and sweeps", () => {
  it("sees a sequential scan where no index serves the filter (the checker works)", async () => {
    expect(await seqScans("select id from payments where amount = $1", [1234])).toEqual(["payments"]);
  });

  it.each([
    ["payments list", () => listPayments(ctx, { page: 1, limit: 20 })],
    ["payments list by status", () => listPayments(ctx, { page: 2, limit: 20, status: "SUCCESS" })],
    ["payments search by client_reference", () => findPaymentByReference(ctx, `ref-${ctx.merchant.id}-3`)],
    ["payments list by client_reference", () => listPayments(ctx, { page: 1, limit: 20, client_reference: `ref-${ctx.merchant.id}-3` })],
    ["payments history", () => paymentHistory(ctx, { limit: 20, offset: 40, from: new Date(Date.now() - 86_400_000), to: new Date() })],
    ["expiry sweep", () => expireDuePayments(db(), {})],
    ["dashboard payments table", () => dashboardPayments(ctx, { page: 1, limit: 20, status: "SUCCESS" })],
    ["dashboard home activity", () => collectionActivity(ctx)],
    ["live cap: collected and reserved volume", () => committedLiveVolume(db(), ctx.merchant.id, new Date())],
  ])("%s scans no big table sequentially", async (_name, run) => {
    const queries = await capture(run);
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect({ query: q.query, seqScans: await seqScans(q.query, q.params) }).toEqual({ query: q.query, seqScans: [] });
  });

  it.each([
    ["payments list", () => listPayments(ctx, { page: 3, limit: 20 })],
    ["payments list by status", () => listPayments(ctx, { page: 1, limit: 20, status: "SUCCESS" })],
    ["dashboard payments table", () => dashboardPayments(ctx, { page: 1, limit: 20 })],
  ])("%s reads its page in index order, without sorting the merchant's rows", async (_name, run) => {
    const queries = (await capture(run)).filter((q) => /order by/i.test(q.query) && /limit/i.test(q.query));
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect({ query: q.query, sorts: await sortsRows(q.query, q.params) }).toEqual({ query: q.query, sorts: false });
  });
});
