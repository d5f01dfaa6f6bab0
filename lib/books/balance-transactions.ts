import { and, between, desc, eq, gte, inArray, lt, lte, or, sql, sum, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { journals, ledgerEntries, type LedgerAccount, type Mode } from "@/db/schema";
import {
  BALANCE_TRANSACTION_LABELS,
  BALANCE_TRANSACTION_RULES,
  MERCHANT_ACCOUNTS,
  MERCHANT_BALANCES,
  balanceNameOf,
  balanceTransactionType,
  type BalanceTransactionType,
} from "./balance-transaction-types";
import { BALANCE_TRANSACTION_ID, type BalanceTransaction, type ListBalanceTransactionsInput } from "./schemas";

export type BooksScope = { db: Database; merchantId: string; mode: Mode };

/** A ledger entry on a merchant balance with its journal: one balance transaction before serializing. */
export type BalanceEntry = {
  id: number;
  account: LedgerAccount;
  amount: number;
  createdAt: Date;
  kind: string;
  refType: string;
  refId: string;
};

const entryColumns = {
  id: ledgerEntries.id,
  account: ledgerEntries.account,
  amount: ledgerEntries.amount,
  createdAt: ledgerEntries.createdAt,
  kind: journals.kind,
  refType: journals.refType,
  refId: journals.refId,
};

/** The SQL condition selecting the entries of some types (each type is a journal kind, a balance and a direction). */
function typeCondition(types: readonly BalanceTransactionType[]): SQL | undefined {
  const known = BALANCE_TRANSACTION_RULES.filter((r) => types.includes(r.type)).map((r) =>
    and(eq(journals.kind, r.kind), eq(ledgerEntries.account, r.account), r.sign > 0 ? sql`${ledgerEntries.amount} > 0` : sql`${ledgerEntries.amount} < 0`),
  );
  if (types.includes("adjustment")) {
    const ruled = BALANCE_TRANSACTION_RULES.map((r) => and(eq(journals.kind, r.kind), eq(ledgerEntries.account, r.account), r.sign > 0 ? sql`${ledgerEntries.amount} > 0` : sql`${ledgerEntries.amount} < 0`));
    known.push(sql`not (${or(...ruled)})`);
  }
  return or(...known);
}

export type BalanceEntryFilter = {
  accounts?: readonly LedgerAccount[];
  from?: Date;
  to?: Date;
  types?: readonly BalanceTransactionType[];
  /** Entries numbered strictly below this one (the next page, newest first). */
  before?: number;
};

export function balanceEntryWhere(scope: BooksScope, filter: BalanceEntryFilter): SQL | undefined {
  return and(
    eq(ledgerEntries.merchantId, scope.merchantId),
    eq(ledgerEntries.mode, scope.mode),
    inArray(ledgerEntries.account, [...(filter.accounts ?? MERCHANT_ACCOUNTS)]),
    filter.before === undefined ? undefined : lt(ledgerEntries.id, filter.before),
    filter.from ? gte(ledgerEntries.createdAt, filter.from) : undefined,
    filter.to ? lt(ledgerEntries.createdAt, filter.to) : undefined,
    filter.types ? typeCondition(filter.types) : undefined,
  );
}

/** The merchant's balances right after ledger entry `atOrBefore` (every entry up to it, filters or not). */
async function balancesAfter(scope: BooksScope, atOrBefore: number): Promise<Map<LedgerAccount, number>> {
  const rows = await scope.db
    .select({ account: ledgerEntries.account, total: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.merchantId, scope.merchantId), eq(ledgerEntries.mode, scope.mode), inArray(ledgerEntries.account, MERCHANT_ACCOUNTS), lte(ledgerEntries.id, atOrBefore)))
    .groupBy(ledgerEntries.account);
  return new Map(rows.map((r) => [r.account, Number(r.total ?? 0)]));
}

/**
 * Running balances of a page of entries (newest first): the balances after the page's newest
 * entry, then walking down through every entry between its newest and oldest, the filtered-out
 * ones included, so each line's balance_after is the balance's true value at that point.
 */
async function runningBalances(scope: BooksScope, page: BalanceEntry[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (page.length === 0) return out;
  const newest = page[0].id;
  const oldest = page[page.length - 1].id;
  const running = await balancesAfter(scope, newest);
  const span = await scope.db
    .select({ id: ledgerEntries.id, account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.merchantId, scope.merchantId), eq(ledgerEntries.mode, scope.mode), inArray(ledgerEntries.account, MERCHANT_ACCOUNTS), between(ledgerEntries.id, oldest, newest)))
    .orderBy(desc(ledgerEntries.id));
  for (const entry of span) {
    out.set(entry.id, running.get(entry.account) ?? 0);
    running.set(entry.account, (running.get(entry.account) ?? 0) - entry.amount);
  }
  return out;
}

const SOURCE_OBJECTS: Record<string, string> = { payment: "payment", secure_order: "secure_order", withdrawal: "withdrawal", partner_royalty: "partner_royalty" };

export function balanceTransactionOf(entry: BalanceEntry, balanceAfter: number): BalanceTransaction {
  const type = balanceTransactionType(entry.kind, entry.account, entry.amount);
  return {
    id: `btxn_${entry.id}`,
    object: "balance_transaction",
    type,
    balance: balanceNameOf(entry.account),
    amount: entry.amount,
    balance_after: balanceAfter,
    currency: "XOF",
    description: BALANCE_TRANSACTION_LABELS[type].en,
    source: { object: SOURCE_OBJECTS[entry.refType] ?? entry.refType, id: entry.refId },
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * GET /v1/balance/transactions: one line per ledger entry on one of the merchant's balances in
 * the key's mode, newest first, keyset-paginated by the entry's number (stable while new
 * movements arrive), each with the balance it leaves.
 */
export async function listBalanceTransactions(scope: BooksScope, q: ListBalanceTransactionsInput): Promise<{ data: BalanceTransaction[]; hasMore: boolean }> {
  const before = q.starting_after ? Number(BALANCE_TRANSACTION_ID.exec(q.starting_after)![1]) : undefined;
  const rows = await scope.db
    .select(entryColumns)
    .from(ledgerEntries)
    .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
    .where(balanceEntryWhere(scope, { accounts: q.balance ? [MERCHANT_BALANCES[q.balance]] : undefined, from: q.created_gte, to: q.created_lt, types: q.type, before }))
    .orderBy(desc(ledgerEntries.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit).map((r) => ({ ...r, amount: Number(r.amount) }));
  const balances = await runningBalances(scope, page);
  return { data: page.map((e) => balanceTransactionOf(e, balances.get(e.id) ?? 0)), hasMore: rows.length > q.limit };
}
