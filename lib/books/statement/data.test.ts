import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { journals, ledgerEntries, type Mode } from "@/db/schema";
import { isApiError } from "@/lib/core/errors";
import { accountBalances } from "@/lib/ledger/balance";
import { newMerchant } from "@/tests/support/merchant";
import { BALANCE_TRANSACTION_TYPES, MERCHANT_BALANCES, type MerchantBalanceName } from "../balance-transaction-types";
import { listBalanceTransactions } from "../balance-transactions";
import { merchantWithBooks } from "@/tests/support/books";
import { assertStatementAddsUp, monthPeriod, statementData, StatementMismatchError, type StatementData } from "./data";
import { STATEMENT_SECTIONS } from "./sections";
import { collectedAt, postAt } from "./test-support";

const ALL_TIME = { from: new Date("2020-01-01T00:00:00Z"), to: new Date("2100-01-01T00:00:00Z") };
const scopeOf = (merchantId: string, mode: Mode = "test") => ({ db: db(), merchantId, mode });
const balance = (data: StatementData, name: MerchantBalanceName) => data.balances.find((b) => b.balance === name)!;
const section = (data: StatementData, name: MerchantBalanceName, id: string) => balance(data, name).sections.find((s) => s.id === id);
const amountOf = (data: StatementData, name: MerchantBalanceName, id: string) => section(data, name, id)?.amount ?? 0;

/** Each balance at `at`, summed here straight from ledger_entries rather than through the statement. */
async function ledgerBefore(merchantId: string, at: Date): Promise<Record<MerchantBalanceName, number>> {
  const out = { available: 0, reserved: 0, escrow: 0 };
  for (const name of Object.keys(MERCHANT_BALANCES) as MerchantBalanceName[]) {
    const [row] = await db()
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, merchantId), eq(ledgerEntries.mode, "test"), eq(ledgerEntries.account, MERCHANT_BALANCES[name]), lt(ledgerEntries.createdAt, at)));
    out[name] = Number(row.total);
  }
  return out;
}

/** What platform_fees received from this merchant's payments, releases and late collections in a period. */
async function platformFees(merchantId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
    .where(
      and(
        eq(ledgerEntries.merchantId, merchantId),
        eq(ledgerEntries.mode, "test"),
        eq(ledgerEntries.account, "platform_fees"),
        inArray(journals.kind, ["payment.collected", "secure_order.released", "payment.late_credited"]),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    );
  return Number(row.total);
}

function expectAddsUp(data: StatementData) {
  for (const b of data.balances) expect(b.opening + b.sections.reduce((s, x) => s + x.amount, 0)).toBe(b.closing);
}

describe("statementData", () => {
  it("closes each balance at the ledger's to the franc for a merchant with payments, fees, every withdrawal state and secure orders released and refunded", async () => {
    const m = await merchantWithBooks();
    const data = await statementData(scopeOf(m.merchant.id), ALL_TIME);
    const ledger = await accountBalances(db(), m.merchant.id, "test");

    expect(data.merchant).toEqual({ id: m.merchant.id, name: "Boutique Comptable" });
    for (const name of Object.keys(MERCHANT_BALANCES) as MerchantBalanceName[]) {
      expect([name, balance(data, name).opening]).toEqual([name, 0]);
      expect([name, balance(data, name).closing]).toEqual([name, ledger[MERCHANT_BALANCES[name]] ?? 0]);
    }
    expectAddsUp(data);
    expect(balance(data, "reserved").closing).toBe(15_000 + 12_000);
    expect(balance(data, "escrow").closing).toBe(0);

    expect(amountOf(data, "available", "collections")).toBe(355_000);
    expect(amountOf(data, "available", "escrow_released")).toBe(40_000);
    expect(amountOf(data, "available", "withdrawals_reserved")).toBe(-107_000);
    expect(amountOf(data, "available", "withdrawals_returned")).toBe(30_000);
    expect(amountOf(data, "reserved", "withdrawals_reserved")).toBe(107_000);
    expect(amountOf(data, "reserved", "withdrawals_paid")).toBe(-50_000);
    expect(amountOf(data, "reserved", "withdrawals_returned")).toBe(-30_000);
    expect(amountOf(data, "escrow", "escrow_held")).toBe(70_000);
    expect(amountOf(data, "escrow", "escrow_released")).toBe(-40_000);
    expect(amountOf(data, "escrow", "escrow_refunded")).toBe(-30_000);
    expect(section(data, "available", "fees")!.count).toBe(4);
    expect(-amountOf(data, "available", "fees")).toBe(await platformFees(m.merchant.id, ALL_TIME.from, ALL_TIME.to));
    expect(amountOf(data, "available", "fees")).toBeLessThan(0);
    expect(section(data, "available", "other")).toBeUndefined();
    // Three direct payments and two secure orders' payments reached the merchant.
    expect(data.paymentsCollected).toBe(5);
  });

  it("agrees with GET /v1/balance/transactions: each section is the sum of the listed lines of its types", async () => {
    const m = await merchantWithBooks();
    const data = await statementData(scopeOf(m.merchant.id), ALL_TIME);
    const { data: lines, hasMore } = await listBalanceTransactions(scopeOf(m.merchant.id), { limit: 100 });
    expect(hasMore).toBe(false);
    for (const b of data.balances) {
      for (const s of b.sections) {
        const types: readonly string[] = STATEMENT_SECTIONS.find((x) => x.id === s.id)!.types;
        const listed = lines.filter((l) => l.balance === b.balance && types.includes(l.type));
        expect([b.balance, s.id, s.amount, s.count]).toEqual([b.balance, s.id, listed.reduce((sum, l) => sum + l.amount, 0), listed.length]);
      }
    }
  });

  it("splits anywhere: the closing of [from, mid) is the opening of [mid, to), and both are the ledger at mid", async () => {
    const m = await merchantWithBooks();
    await collectedAt(m.merchant.id, "2025-03-10T09:00:00Z", 10_000, 300);
    await postAt(m.merchant.id, "2025-04-15T12:00:00Z", "partner.royalty", [["partner_royalties", -2_000], ["merchant_available", 2_000]]);
    const entries = await db()
      .select({ createdAt: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.merchantId, m.merchant.id), eq(ledgerEntries.mode, "test")))
      .orderBy(asc(ledgerEntries.createdAt));
    const distinct = [...new Set(entries.map((e) => e.createdAt.getTime()))];
    const mids = [new Date("2025-04-01T00:00:00Z"), new Date(distinct[Math.floor(distinct.length / 2)]), new Date(distinct.at(-1)!)];
    for (const mid of mids) {
      const before = await statementData(scopeOf(m.merchant.id), { from: ALL_TIME.from, to: mid });
      const after = await statementData(scopeOf(m.merchant.id), { from: mid, to: ALL_TIME.to });
      const ledger = await ledgerBefore(m.merchant.id, mid);
      for (const name of Object.keys(MERCHANT_BALANCES) as MerchantBalanceName[]) {
        expect([mid, name, balance(before, name).closing, balance(after, name).opening]).toEqual([mid, name, ledger[name], ledger[name]]);
      }
      expectAddsUp(before);
      expectAddsUp(after);
      // Fees are negative on the statement, positive in platform_fees.
      expect(amountOf(before, "available", "fees") + (await platformFees(m.merchant.id, ALL_TIME.from, mid))).toBe(0);
      expect(amountOf(after, "available", "fees") + (await platformFees(m.merchant.id, mid, ALL_TIME.to))).toBe(0);
    }
  });

  it("gives each month its own movements, and a month without any an equal opening and closing", async () => {
    const m = await newMerchant();
    const id = m.merchant.id;
    await collectedAt(id, "2025-03-10T09:00:00Z", 10_000, 300);
    await collectedAt(id, "2025-03-31T23:59:59.999Z", 5_000, 150);
    await collectedAt(id, "2025-04-01T00:00:00Z", 1_000, 30);
    await postAt(id, "2025-04-20T08:00:00Z", "partner.royalty", [["partner_royalties", -2_000], ["merchant_available", 2_000]]);
    await postAt(id, "2025-04-21T08:00:00Z", "ops.correction", [["operator_clearing", -500], ["merchant_available", 500]]);

    const march = await statementData(scopeOf(id), monthPeriod("2025-03"));
    expect(balance(march, "available")).toMatchObject({ opening: 0, closing: 14_550 });
    expect(section(march, "available", "collections")).toEqual({ id: "collections", amount: 15_000, count: 2 });
    expect(section(march, "available", "fees")).toEqual({ id: "fees", amount: -450, count: 2 });
    expect(-amountOf(march, "available", "fees")).toBe(await platformFees(id, march.period.from, march.period.to));
    expect(march.paymentsCollected).toBe(2);
    expect(section(march, "available", "other")).toBeUndefined();

    const april = await statementData(scopeOf(id), monthPeriod("2025-04"));
    expect(balance(april, "available")).toMatchObject({ opening: 14_550, closing: 14_550 + 970 + 2_000 + 500 });
    expect(section(april, "available", "royalties")).toEqual({ id: "royalties", amount: 2_000, count: 1 });
    expect(section(april, "available", "other")).toEqual({ id: "other", amount: 500, count: 1 });
    expect(april.balances.find((b) => b.balance === "available")!.sections.at(-1)!.id).toBe("other");
    expect(april.paymentsCollected).toBe(1);

    const june = await statementData(scopeOf(id), monthPeriod("2025-06"));
    const closingApril = balance(april, "available").closing;
    expect(balance(june, "available")).toMatchObject({ opening: closingApril, closing: closingApril });
    expect(june.balances.flatMap((b) => b.sections).every((s) => s.amount === 0 && s.count === 0)).toBe(true);
    expect(section(june, "available", "other")).toBeUndefined();
    expect(june.paymentsCollected).toBe(0);
  });

  it("lists each balance's own sections in print order even at zero, for a merchant with no movement at all", async () => {
    const m = await newMerchant();
    const data = await statementData(scopeOf(m.merchant.id), monthPeriod("2026-11"));
    expect(data.balances.map((b) => [b.balance, b.opening, b.closing, b.sections.map((s) => s.id)])).toEqual([
      ["available", 0, 0, ["collections", "late_collections", "royalties", "escrow_released", "fees", "withdrawals_reserved", "withdrawals_returned", "refunds_reserved", "refunds_returned"]],
      ["reserved", 0, 0, ["withdrawals_reserved", "withdrawals_paid", "withdrawals_returned", "refunds_reserved", "refunds_paid", "refunds_returned"]],
      ["escrow", 0, 0, ["escrow_held", "escrow_released", "escrow_refunded"]],
    ]);
  });

  it("shows only the scope's merchant and mode", async () => {
    const m = await merchantWithBooks();
    const live = await statementData(scopeOf(m.merchant.id, "live"), ALL_TIME);
    expect(live.balances.every((b) => b.opening === 0 && b.closing === 0 && b.sections.every((s) => s.count === 0))).toBe(true);
    const other = await newMerchant();
    const empty = await statementData(scopeOf(other.merchant.id), ALL_TIME);
    expect(empty.balances.every((b) => b.closing === 0)).toBe(true);
  });

  it("puts every balance transaction type in exactly one section", () => {
    for (const type of BALANCE_TRANSACTION_TYPES) {
      expect([type, STATEMENT_SECTIONS.filter((s) => (s.types as readonly string[]).includes(type)).length]).toEqual([type, 1]);
    }
  });

  it("refuses a statement that does not add up", async () => {
    const m = await newMerchant();
    await collectedAt(m.merchant.id, "2025-03-10T09:00:00Z", 10_000, 300);
    const data = await statementData(scopeOf(m.merchant.id), monthPeriod("2025-03"));
    expect(() => assertStatementAddsUp(data)).not.toThrow();
    const tampered = structuredClone(data);
    tampered.balances[0].closing += 1;
    expect(() => assertStatementAddsUp(tampered)).toThrow(StatementMismatchError);
  });

  it("refuses an empty, reversed or invalid period, a malformed month and an unknown merchant with catalogue errors", async () => {
    const m = await newMerchant();
    const at = new Date("2026-11-01T00:00:00Z");
    const periods = [
      { from: at, to: at },
      { from: at, to: new Date(at.getTime() - 1) },
      { from: new Date("nope"), to: at },
    ];
    for (const period of periods) {
      const error = await statementData(scopeOf(m.merchant.id), period).catch((e: unknown) => e);
      expect(isApiError(error) && error.code).toBe("INVALID_DATE_RANGE");
    }
    const oneMs = await statementData(scopeOf(m.merchant.id), { from: at, to: new Date(at.getTime() + 1) });
    expect(oneMs.balances).toHaveLength(3);
    for (const month of ["2026-13", "2026-00", "2026-1", "26-11", ""]) {
      let error: unknown;
      try {
        monthPeriod(month);
      } catch (e) {
        error = e;
      }
      expect([month, isApiError(error) && error.code]).toEqual([month, "INVALID_DATE_RANGE"]);
    }
    const unknown = await statementData(scopeOf("mer_nobody"), ALL_TIME).catch((e: unknown) => e);
    expect(isApiError(unknown) && unknown.code).toBe("MERCHANT_NOT_FOUND");
  });

  it("reads a month as UTC calendar bounds, December into January", () => {
    expect(monthPeriod("2026-11")).toEqual({ from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-12-01T00:00:00Z") });
    expect(monthPeriod("2026-12")).toEqual({ from: new Date("2026-12-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z") });
    expect(monthPeriod("2027-01").from).toEqual(new Date("2027-01-01T00:00:00Z"));
  });
});
