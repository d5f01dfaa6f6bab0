import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, openDatabase, type Database, type Handle } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { completeIdempotencyKey, reserveIdempotencyKey } from "@/lib/idempotency/keys";
import { findActiveKey } from "@/lib/platform/api-keys";
import { insertPayment } from "@/lib/payments/create";
import { loadPayment } from "@/lib/payments/get";
import { findPaymentResource } from "@/lib/payments/resource";
import { newMerchant } from "@/tests/support/merchant";

const url = process.env.DATABASE_URL;

async function testContext(database: Database): Promise<{ ctx: DomainContext; key: string }> {
  const m = await newMerchant();
  const found = (await findActiveKey(db(), m.testKey))!;
  return { ctx: { db: database, merchant: found.merchant, application: found.application, mode: "test", now: merchantNow(found.merchant, "test"), source: "api" }, key: m.testKey };
}

const newPayment = (ctx: DomainContext) => insertPayment(ctx, { amount: 1_000, customerPhone: "+22370000009" });

/** The hot path's lookups, each twice: the payment by id (alone, and with its late collection), the API key, an idempotency key reserved and answered. */
async function runHotQueries(ctx: DomainContext, key: string, paymentId: string, round = "a") {
  for (let i = 0; i < 2; i++) {
    expect((await loadPayment(ctx, paymentId)).id).toBe(paymentId);
    expect((await findPaymentResource(ctx, paymentId)).id).toBe(paymentId);
    expect((await findActiveKey(ctx.db, key))?.merchant.id).toBe(ctx.merchant.id);
    const scope = { applicationId: ctx.application.id, mode: ctx.mode, key: `k-${paymentId}-${round}${i}` };
    const reservation = await reserveIdempotencyKey(ctx.db, scope, "fingerprint", ctx.now, "IDEMPOTENCY_CONFLICT");
    if (reservation.kind !== "owner") throw new Error("expected a fresh reservation");
    await completeIdempotencyKey(ctx.db, scope, reservation.owner, 201, { id: paymentId });
  }
}

const preparedOn = async (handle: Handle) =>
  rowsOf<{ statement: string }>(await handle.db.execute(sql`select statement from pg_prepared_statements`)).map((r) => r.statement);

describe.skipIf(!url)("prepared hot queries (PostgreSQL)", () => {
  it("parses each hot query once per connection and binds it afterwards", async () => {
    const handle = openDatabase({ url, poolMax: 1 });
    try {
      const { ctx, key } = await testContext(handle.db);
      const payment = await newPayment({ ...ctx, db: db() });
      await runHotQueries(ctx, key, payment.id);
      const statements = await preparedOn(handle);
      const once = (pattern: RegExp) => expect(statements.filter((s) => pattern.test(s))).toHaveLength(1);
      once(/^select .* from "payments" where \("payments"\."id" = \$1 and "payments"\."merchant_id" = \$2 and "payments"\."mode" = \$3\) limit \$4$/);
      once(/^select p\.\*, .* from "payments" p\s+left join "late_collections" l on l\.payment_id = p\.id\s+left join lateral \(select json_agg\(r\) as refund_rows from "refund_requests" r where r\.payment_id = p\.id\) rr on p\.status = 'SUCCESS'\s+where p\.id = \$1::text and p\.merchant_id = \$2::text and p\.mode = \$3::text\s+limit 1$/);
      once(/^select .* from "api_keys" inner join "merchants" .* where \("api_keys"\."key_hash" = \$1 and "api_keys"\."revoked_at" is null\) limit \$2$/);
      once(/^insert into "idempotency_keys" .* on conflict do nothing returning "owner"$/);
      once(/^update "idempotency_keys" set "state" = \$1, "response_status" = \$2, "response_body" = \$3::jsonb where/);
    } finally {
      await handle.close();
    }
  });

  it("names nothing with DATABASE_PREPARE=false (the embedded database's one shared session)", async () => {
    process.env.DATABASE_PREPARE = "false";
    const handle = openDatabase({ url, poolMax: 1 });
    delete process.env.DATABASE_PREPARE;
    try {
      const { ctx, key } = await testContext(handle.db);
      const payment = await newPayment({ ...ctx, db: db() });
      await runHotQueries(ctx, key, payment.id);
      expect(await preparedOn(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it("builds the queries anew for a new database handle", async () => {
    const first = openDatabase({ url, poolMax: 1 });
    const { ctx, key } = await testContext(first.db);
    const payment = await newPayment({ ...ctx, db: db() });
    await runHotQueries(ctx, key, payment.id);
    await first.close();
    const second = openDatabase({ url, poolMax: 1 });
    try {
      await runHotQueries({ ...ctx, db: second.db }, key, payment.id, "b");
    } finally {
      await second.close();
    }
  });
});

describe("prepared hot queries in a transaction", () => {
  it("run on the transaction: they see its uncommitted rows", async () => {
    const { ctx } = await testContext(db());
    const seen = await db().transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx as unknown as Database };
      const payment = await newPayment(txCtx);
      return (await loadPayment(txCtx, payment.id)).id;
    });
    expect(seen).toMatch(/^txn_/);
  });
});
