import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/v1/payments/route";
import { db, openDatabase, setProcessDatabase, type Handle } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const url = process.env.DATABASE_URL;
const body = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };

type Wire = { $client: { options: { debug?: (connection: number, query: string) => void } } };

// What postgres.js sends, statement by statement (its `debug` hook), on a pool of one connection.
describe.skipIf(!url)("POST /v1/payments on the wire (PostgreSQL)", () => {
  let previous: Handle["db"];
  let handle: Handle;
  beforeAll(() => {
    previous = db();
    handle = openDatabase({ url, poolMax: 1 });
  });
  afterAll(async () => {
    setProcessDatabase({ db: previous, driver: "postgres", close: async () => {} });
    await handle.close();
  });

  it("creates a payment in one statement, one transaction: the sealed answer, the customer and the payment; prepared, no begin or commit", async () => {
    const m = await newMerchant();
    setProcessDatabase(handle);
    // The first request of the connection parses its statements and touches the key's last_used_at.
    expect((await call(POST, "POST", "/v1/payments", { key: m.testKey, body, idempotencyKey: "warm-up" })).status).toBe(201);

    const sent: string[] = [];
    const client = (handle.db as unknown as Wire).$client;
    client.options.debug = (_connection, query) => sent.push(query.trim().replace(/\s+/g, " "));
    const res = await call(POST, "POST", "/v1/payments", { key: m.testKey, body: { ...body, customer_phone: "+22370000010" }, idempotencyKey: "fresh" });
    client.options.debug = undefined;
    expect(res.status).toBe(201);

    // Off the request's path: the key cache's liveness probe and the request log's batched writes.
    const request = sent.filter((q) => !q.includes("pg_notify") && !q.includes("api_request_log"));
    // At most the key's lookup first (the key cache is cold on a pool of its own), then the one statement.
    const lookups = request.slice(0, -1);
    expect(lookups.length).toBeLessThanOrEqual(1);
    expect(lookups.every((q) => /^select .* from "api_keys"/.test(q))).toBe(true);
    const [creation] = request.slice(-1);
    expect(creation).toMatch(/^with sealed as \(insert into "idempotency_keys" .* customer as \(insert into "customers" .* insert into "payments"/);

    // Bound to statements this connection had already parsed: one round trip each.
    const prepared = new Set(rowsOf<{ statement: string }>(await handle.db.execute(sql`select statement from pg_prepared_statements`)).map((r) => r.statement.trim().replace(/\s+/g, " ")));
    for (const q of request) expect(prepared).toContain(q);
  });

  it("counts one transaction per creation: over 5 creations, every statement the connection ran is either a key lookup or a creation, and none is in a block", async () => {
    const m = await newMerchant();
    setProcessDatabase(handle);
    expect((await call(POST, "POST", "/v1/payments", { key: m.testKey, body, idempotencyKey: "warm-up-count" })).status).toBe(201);

    const sent: string[] = [];
    const client = (handle.db as unknown as Wire).$client;
    client.options.debug = (_connection, query) => sent.push(query.trim().replace(/\s+/g, " "));
    for (let i = 0; i < 5; i++) {
      const res = await call(POST, "POST", "/v1/payments", { key: m.testKey, body: { ...body, customer_phone: `+2237000003${i}` }, idempotencyKey: `count-${i}` });
      expect(res.status).toBe(201);
    }
    client.options.debug = undefined;

    // A statement outside begin … commit is a transaction of its own (autocommit): so the
    // creations' transactions are the statements below, none of them a begin.
    // Off their path: the key cache's probe, the request log's and the keys' last use batches, and the key lookup.
    const onTheirAccount = sent.filter((q) => !q.includes("pg_notify") && !q.includes("api_request_log") && !/^(select .* from|update) "api_keys"/.test(q));
    expect(onTheirAccount.filter((q) => /^(begin|commit|rollback)\b/i.test(q))).toEqual([]);
    expect(onTheirAccount).toHaveLength(5);
    expect(onTheirAccount.every((q) => q.startsWith("with sealed as"))).toBe(true);
  });
});

