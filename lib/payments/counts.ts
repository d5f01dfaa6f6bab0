import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import type { Mode, PaymentStatus } from "@/db/schema";

/**
 * How many payments a merchant has in a mode (of one status): the folded counters plus the
 * deltas not folded yet (db/schema/payments.ts), in one statement, so one snapshot sees each
 * change exactly once whether the compaction has moved it or not. A few rows, whatever the size
 * of `payments`.
 */
export async function countPayments(db: Database, scope: { merchantId: string; mode: Mode; status?: PaymentStatus }): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select ${paymentTotal(sql`${scope.merchantId}`, sql`${scope.mode}`, scope.status)} as n`));
  return Number(row?.n ?? 0);
}

/** countPayments's expression, for a statement of its own (the list's, lib/payments/list.ts), over SQL values or placeholders. */
export function paymentTotal(merchantId: SQL, mode: SQL, status?: PaymentStatus): SQL {
  const ofStatus = status ? sql`and status = ${status}` : sql``;
  return sql`(coalesce((select sum(n) from payment_counts where merchant_id = ${merchantId} and mode = ${mode} ${ofStatus}), 0)
           + coalesce((select sum(delta) from payment_count_deltas where merchant_id = ${merchantId} and mode = ${mode} ${ofStatus}), 0))`;
}

// Any constant of our own: one compaction at a time across instances (two would wait on each other's deleted rows).
const COMPACTION_LOCK = 7_310_442_001;

/**
 * Folds the pending deltas into payment_counts in one statement (deleted and added in the same
 * transaction: a concurrent count sees them on one side or the other, never both). Skipped when
 * another instance is compacting. Returns how many deltas it folded.
 */
export async function compactPaymentCounts(db: Database): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${COMPACTION_LOCK}) as ok`));
    if (!lock?.ok) return 0;
    const [folded] = rowsOf<{ moved: string | number }>(
      await tx.execute(sql`
        with moved as (delete from payment_count_deltas returning merchant_id, mode, status, delta),
          sums as (select merchant_id, mode, status, sum(delta) as n, count(*) as c from moved group by merchant_id, mode, status),
          applied as (
            insert into payment_counts (merchant_id, mode, status, n) select merchant_id, mode, status, n from sums
            on conflict (merchant_id, mode, status) do update set n = payment_counts.n + excluded.n
          )
        select coalesce(sum(c), 0) as moved from sums`),
    );
    return Number(folded?.moved ?? 0);
  });
}
