import { eq, sql } from "drizzle-orm";
import { LONG_STATEMENT_TIMEOUT_MS, withStatementTimeout } from "@/db/client";
import { journals, ledgerEntries, merchants, type Mode } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { MERCHANT_BALANCES, balanceNameOf, balanceTransactionType, type MerchantBalanceName } from "../balance-transaction-types";
import { balanceEntryWhere, type BooksScope } from "../balance-transactions";
import { STATEMENT_SECTIONS, sectionOf, sectionsOfBalance, type StatementSectionId } from "./sections";

export type StatementPeriod = { from: Date; to: Date };

export type StatementSection = { id: StatementSectionId; amount: number; count: number };

export type StatementBalance = {
  balance: MerchantBalanceName;
  /** The balance at `from`: every entry before it. */
  opening: number;
  /** Movements within [from, to), signed as they moved this balance. */
  sections: StatementSection[];
  /** The balance at `to`: every entry before it. */
  closing: number;
};

export type StatementData = {
  merchant: { id: string; name: string };
  mode: Mode;
  period: StatementPeriod;
  generatedAt: Date;
  /** Payments that reached the merchant in the period: direct, secure (into escrow) and late collections credited. */
  paymentsCollected: number;
  balances: StatementBalance[];
};

export class StatementMismatchError extends Error {}

/** A statement that does not add up from opening to closing must never be shown: this throws. */
export function assertStatementAddsUp(data: StatementData): void {
  for (const b of data.balances) {
    const moved = b.sections.reduce((s, x) => s + x.amount, 0);
    if (!Number.isSafeInteger(b.opening + moved) || b.opening + moved !== b.closing) {
      throw new StatementMismatchError(`statement of ${data.merchant.id} (${data.mode}): ${b.balance} opens at ${b.opening}, moves ${moved} and closes at ${b.closing}`);
    }
  }
}

export function assertPeriod(period: StatementPeriod): void {
  const { from, to } = period;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) {
    throw new ApiError("INVALID_DATE_RANGE", "A statement's period needs a start strictly before its end (e.g. from 2026-11-01T00:00:00Z to 2026-12-01T00:00:00Z).");
  }
}

/** The calendar month "2026-11" in UTC (Mali's time all year): [1 Nov 00:00, 1 Dec 00:00). */
export function monthPeriod(month: string): StatementPeriod {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new ApiError("INVALID_DATE_RANGE", `A statement's month is written YYYY-MM (e.g. 2026-11), not "${month}".`);
  const [year, index] = [Number(match[1]), Number(match[2]) - 1];
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/**
 * The figures of one merchant's statement for one mode and period. One SQL statement (one
 * snapshot, so a payment landing meanwhile cannot make the opening, movements and closing
 * disagree) sums the entries of each balance before `from` and within the period, grouped by
 * the journal kind and direction that name their balance transaction type.
 */
export async function statementData(scope: BooksScope, period: StatementPeriod): Promise<StatementData> {
  assertPeriod(period);
  const merchant = await scope.db.query.merchants.findFirst({ where: eq(merchants.id, scope.merchantId), columns: { id: true, name: true } });
  if (!merchant) throw new ApiError("MERCHANT_NOT_FOUND", `No merchant has the id ${scope.merchantId}.`);

  const from = sql`${period.from.toISOString()}::timestamptz`;
  const negative = sql<boolean>`${ledgerEntries.amount} < 0`;
  // Sums a merchant's whole history up to `to`: it grows with the merchant, so it may outlast the
  // connection's statement timeout that bounds every request's queries (db/client.ts).
  const rows = await withStatementTimeout(scope.db, LONG_STATEMENT_TIMEOUT_MS, (db) =>
    db
      .select({
        account: ledgerEntries.account,
        kind: journals.kind,
        negative,
        before: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} < ${from}), 0)`,
        within: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} >= ${from}), 0)`,
        count: sql<string>`count(*) filter (where ${ledgerEntries.createdAt} >= ${from})`,
        total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      })
      .from(ledgerEntries)
      .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
      .where(balanceEntryWhere(scope, { to: period.to }))
      .groupBy(ledgerEntries.account, journals.kind, negative),
  );

  const balances = (Object.keys(MERCHANT_BALANCES) as MerchantBalanceName[]).map((balance) => ({
    balance,
    opening: 0,
    closing: 0,
    sections: new Map<StatementSectionId, StatementSection>(sectionsOfBalance(balance).map((id) => [id, { id, amount: 0, count: 0 }])),
  }));
  let paymentsCollected = 0;
  for (const row of rows) {
    const target = balances.find((b) => b.balance === balanceNameOf(row.account))!;
    const type = balanceTransactionType(row.kind, row.account, row.negative ? -1 : 1);
    const id = sectionOf(type);
    const section = target.sections.get(id) ?? { id, amount: 0, count: 0 };
    section.amount += Number(row.within);
    section.count += Number(row.count);
    target.sections.set(id, section);
    target.opening += Number(row.before);
    target.closing += Number(row.total);
    // Each collected payment credits exactly one positive entry of one of these types.
    if (type === "payment" || type === "escrow_hold" || type === "late_collection") paymentsCollected += Number(row.count);
  }

  const data: StatementData = {
    merchant,
    mode: scope.mode,
    period: { from: period.from, to: period.to },
    generatedAt: new Date(),
    paymentsCollected,
    balances: balances.map((b) => ({
      balance: b.balance,
      opening: b.opening,
      closing: b.closing,
      // The balance's own sections always, in print order; any other (adjustments) only when it moved in the period.
      sections: STATEMENT_SECTIONS.map((s) => b.sections.get(s.id)).filter((s): s is StatementSection => !!s && (s.count > 0 || sectionsOfBalance(b.balance).includes(s.id))),
    })),
  };
  assertStatementAddsUp(data);
  return data;
}
