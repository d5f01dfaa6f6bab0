import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { journals, ledgerEntries, type LedgerAccount, type Mode } from "@/db/schema";

/** Balances are sums of ledger entries; nothing stores a balance that could drift. */
export async function accountBalances(db: Database, merchantId: string, mode: Mode): Promise<Record<LedgerAccount, number>> {
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.merchantId, merchantId), eq(ledgerEntries.mode, mode)))
    .groupBy(ledgerEntries.account);
  const out = {} as Record<LedgerAccount, number>;
  for (const row of rows) out[row.account] = Number(row.total);
  return out;
}

/** Entries of the journals posted for one object (a payment, an order, a withdrawal). */
export async function entriesForRef(db: Database, refId: string) {
  return db
    .select({
      journal_id: journals.id,
      kind: journals.kind,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
      created_at: ledgerEntries.createdAt,
    })
    .from(journals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, journals.id))
    .where(eq(journals.refId, refId))
    .orderBy(ledgerEntries.id);
}

/** Journals whose entries do not sum to zero (must always be empty); used by tests and ops checks. */
export async function unbalancedJournals(db: Database, journalIds?: string[]) {
  const q = db
    .select({ journalId: ledgerEntries.journalId, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.journalId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  if (journalIds) return q.where(inArray(ledgerEntries.journalId, journalIds));
  return q;
}
