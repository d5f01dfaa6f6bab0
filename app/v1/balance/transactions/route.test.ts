import { describe, expect, it } from "vitest";
import { GET as list } from "@/app/v1/balance/transactions/route";
import { db } from "@/db/client";
import { accountBalances } from "@/lib/ledger/balance";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { merchantWithBooks } from "@/tests/support/books";

type Line = { id: string; type: string; balance: string; amount: number; balance_after: number; source: { object: string; id: string }; created_at: string };
const get = (key: string, query = "") => call<{ data: Line[]; has_more: boolean; error?: { code: string; param?: string } }>(list, "GET", `/v1/balance/transactions${query}`, { key });

async function everyLine(key: string, query = ""): Promise<Line[]> {
  const out: Line[] = [];
  for (let after: string | undefined; ; ) {
    const res = await get(key, `?limit=3${query}${after ? `&starting_after=${after}` : ""}`);
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    if (!res.body.has_more) return out;
    after = res.body.data.at(-1)!.id;
  }
}

describe("GET /v1/balance/transactions", () => {
  it("lists every movement of the merchant's balances once, newest first, with running balances that end at the ledger's", async () => {
    const m = await merchantWithBooks();
    const lines = await everyLine(m.testKey);
    const ids = lines.map((l) => Number(l.id.slice(5)));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);

    const ledger = await accountBalances(db(), m.merchant.id, "test");
    const newest = (balance: string) => lines.find((l) => l.balance === balance)!.balance_after;
    expect(newest("available")).toBe(ledger.merchant_available);
    expect(newest("reserved")).toBe(ledger.merchant_reserved);
    expect(newest("escrow")).toBe(ledger.escrow_held);
    // Each line's balance_after is the previous (older) line's on the same balance plus its amount.
    for (const balance of ["available", "reserved", "escrow"]) {
      const oldestFirst = lines.filter((l) => l.balance === balance).reverse();
      let running = 0;
      for (const line of oldestFirst) {
        running += line.amount;
        expect(line.balance_after).toBe(running);
      }
    }

    const count = (type: string) => lines.filter((l) => l.type === type).length;
    expect(count("payment")).toBe(3);
    expect(count("payment_fee")).toBe(3);
    expect(count("escrow_hold")).toBe(2);
    expect(count("escrow_released")).toBe(1);
    expect(count("secure_order_release")).toBe(1);
    expect(count("secure_order_fee")).toBe(1);
    expect(count("escrow_refunded")).toBe(1);
    // Five withdrawals reserved (two lines each), one paid, two returned (rejected, cancelled; two lines each).
    expect(count("withdrawal_reserved")).toBe(10);
    expect(count("withdrawal_paid")).toBe(1);
    expect(count("withdrawal_released")).toBe(4);
    expect(count("adjustment")).toBe(0);
    expect(lines.find((l) => l.type === "withdrawal_paid")).toMatchObject({ amount: -50_000, balance: "reserved", source: { object: "withdrawal", id: m.completedWithdrawal } });
    expect(lines.find((l) => l.type === "escrow_refunded")).toMatchObject({ amount: -30_000, source: { object: "secure_order", id: m.refundedOrder } });
    const json = JSON.stringify(lines);
    expect(json).not.toMatch(/merchant_available|merchant_reserved|operator_clearing|platform_fees/);
  });

  it("filters by type and balance while keeping each line's true running balance", async () => {
    const m = await merchantWithBooks();
    const all = await everyLine(m.testKey);
    const fees = await everyLine(m.testKey, "&type=payment_fee,secure_order_fee");
    expect(fees.map((l) => l.type).sort()).toEqual(["payment_fee", "payment_fee", "payment_fee", "secure_order_fee"]);
    for (const fee of fees) expect(fee.balance_after).toBe(all.find((l) => l.id === fee.id)!.balance_after);
    const reserved = await everyLine(m.testKey, "&balance=reserved");
    expect(reserved.every((l) => l.balance === "reserved")).toBe(true);
    expect(reserved).toHaveLength(all.filter((l) => l.balance === "reserved").length);
  });

  it("bounds dates with created_gte (inclusive) and created_lt (exclusive)", async () => {
    const m = await merchantWithBooks();
    const all = await everyLine(m.testKey);
    const pivot = all[Math.floor(all.length / 2)].created_at;
    const from = await everyLine(m.testKey, `&created_gte=${pivot}`);
    const before = await everyLine(m.testKey, `&created_lt=${pivot}`);
    expect(from.length + before.length).toBe(all.length);
    expect(from.every((l) => l.created_at >= pivot)).toBe(true);
    expect(before.every((l) => l.created_at < pivot)).toBe(true);
  });

  it("pages at the edges of limit: 1 and 100 work, 0 and 101 are refused", async () => {
    const m = await merchantWithBooks();
    const one = await get(m.testKey, "?limit=1");
    expect([one.status, one.body.data.length, one.body.has_more]).toEqual([200, 1, true]);
    const hundred = await get(m.testKey, "?limit=100");
    expect([hundred.status, hundred.body.has_more]).toEqual([200, false]);
    for (const limit of ["0", "101", "abc"]) {
      const bad = await get(m.testKey, `?limit=${limit}`);
      expect([bad.status, bad.body.error?.code]).toEqual([400, "INVALID_PAGINATION"]);
    }
  });

  it("refuses a bad cursor, an unknown type or balance, and an empty or reversed date range", async () => {
    const m = await newMerchant();
    const cases: [string, string][] = [
      ["?starting_after=txn_123", "INVALID_PAGINATION"],
      ["?starting_after=btxn_0", "INVALID_PAGINATION"],
      ["?type=refund", "INVALID_FIELD"],
      ["?type=", "INVALID_FIELD"],
      ["?balance=savings", "INVALID_FIELD"],
      ["?created_gte=2026-02-30", "INVALID_DATE_RANGE"],
      ["?created_gte=2026-11-02&created_lt=2026-11-01", "INVALID_DATE_RANGE"],
      ["?created_gte=2026-11-01&created_lt=2026-11-01", "INVALID_DATE_RANGE"],
    ];
    for (const [query, code] of cases) {
      const res = await get(m.testKey, query);
      expect([query, res.status, res.body.error?.code]).toEqual([query, 400, code]);
    }
  });

  it("shows only the key's merchant and mode", async () => {
    const m = await merchantWithBooks();
    const other = await newMerchant();
    expect((await get(other.testKey)).body).toMatchObject({ data: [], has_more: false });
    expect((await get(m.liveKey)).body.data ?? []).toEqual([]);
  });
});
