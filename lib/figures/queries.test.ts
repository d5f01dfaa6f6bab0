import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { newMerchant } from "@/tests/support/merchant";
import { comparedTotals, compactPaymentFigures, figuresFor, periodOf } from "./queries";
import { figuresSchema } from "./schemas";
import { paymentAt } from "./test-support";

// Sunday 15 Nov 2026, 10:00 Bamako (UTC): the 7-day period is [9 Nov, 16 Nov), the previous one [2 Nov, 9 Nov).
const NOW = new Date("2026-11-15T10:00:00Z");

async function shop() {
  const m = await newMerchant();
  return { id: m.merchant.id, applicationId: m.applicationId };
}

describe("figuresFor", () => {
  it("counts both edges of the period in and the instants just outside out, and compares with the period before", async () => {
    const m = await shop();
    const add = (at: string, amount: number, status: "SUCCESS" | "FAILED" = "SUCCESS") => paymentAt(m, { at, amount, status });
    await add("2026-11-09T00:00:00.000Z", 1_000); // first instant of the period
    await add("2026-11-15T23:59:59.999Z", 2_000); // last instant
    await add("2026-11-16T00:00:00.000Z", 40_000); // just after: out
    await add("2026-11-08T23:59:59.999Z", 300); // just before: the previous period's last instant
    await add("2026-11-02T00:00:00.000Z", 500); // the previous period's first instant
    await add("2026-11-01T23:59:59.999Z", 80_000); // before both: out
    await add("2026-11-12T12:00:00.000Z", 7_000, "FAILED");

    const f = await figuresFor(db(), { merchantId: m.id, mode: "live", days: 7, now: NOW });
    expect(figuresSchema.parse(f)).toEqual(f);
    expect(f.period).toEqual({ days: 7, from: "2026-11-09T00:00:00.000Z", to: "2026-11-16T00:00:00.000Z", previous_from: "2026-11-02T00:00:00.000Z" });
    expect(f.totals.current).toEqual({ collected: 3_000, count: 3, succeeded: 2, failed: 1, success_rate: 2 / 3 });
    expect(f.totals.previous).toEqual({ collected: 800, count: 2, succeeded: 2, failed: 0, success_rate: 1 });
    expect(f.days.map((d) => d.date)).toEqual(["2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14", "2026-11-15"]);
    expect(f.days[0]).toEqual({ date: "2026-11-09", collected: 1_000, count: 1, succeeded: 1, failed: 0 });
    expect(f.days[3]).toEqual({ date: "2026-11-12", collected: 0, count: 1, succeeded: 0, failed: 1 });
    expect(f.days[6]).toEqual({ date: "2026-11-15", collected: 2_000, count: 1, succeeded: 1, failed: 0 });
  });

  it("keeps to its merchant and mode", async () => {
    const m = await shop();
    const other = await shop();
    await paymentAt(m, { at: "2026-11-10T08:00:00Z", amount: 5_000, status: "SUCCESS" });
    await paymentAt(m, { at: "2026-11-10T08:00:00Z", amount: 9_999, status: "SUCCESS", mode: "test" });
    await paymentAt(other, { at: "2026-11-10T08:00:00Z", amount: 12_345, status: "SUCCESS" });
    const live = await figuresFor(db(), { merchantId: m.id, mode: "live", days: 7, now: NOW });
    const test = await figuresFor(db(), { merchantId: m.id, mode: "test", days: 7, now: NOW });
    expect(live.totals.current.collected).toBe(5_000);
    expect(test.totals.current.collected).toBe(9_999);
    expect((await figuresFor(db(), { merchantId: other.id, mode: "test", days: 7, now: NOW })).totals.current.count).toBe(0);
  });

  it("splits by origin, times confirmations, and ranks failure reasons per period", async () => {
    const m = await shop();
    await paymentAt(m, { at: "2026-11-10T08:00:00Z", amount: 10_000, status: "SUCCESS", purpose: "payment_link", confirmedAfterSeconds: 10 });
    await paymentAt(m, { at: "2026-11-11T08:00:00Z", amount: 20_000, status: "SUCCESS", purpose: "invoice", confirmedAfterSeconds: 20 });
    await paymentAt(m, { at: "2026-11-12T08:00:00Z", amount: 30_000, status: "SUCCESS", confirmedAfterSeconds: 30 });
    await paymentAt(m, { at: "2026-11-12T09:00:00Z", amount: 4_000, status: "FAILED", purpose: "invoice", reason: "INSUFFICIENT_FUNDS" });
    await paymentAt(m, { at: "2026-11-13T09:00:00Z", amount: 4_000, status: "FAILED", reason: "INSUFFICIENT_FUNDS" });
    await paymentAt(m, { at: "2026-11-13T10:00:00Z", amount: 4_000, status: "EXPIRED" });
    await paymentAt(m, { at: "2026-11-14T10:00:00Z", amount: 4_000, status: "PENDING" });
    await paymentAt(m, { at: "2026-11-03T10:00:00Z", amount: 6_000, status: "SUCCESS", purpose: "payment_link", confirmedAfterSeconds: 100 });
    await paymentAt(m, { at: "2026-11-04T10:00:00Z", amount: 6_000, status: "CANCELLED", reason: "CUSTOMER_DECLINED" });

    const f = await figuresFor(db(), { merchantId: m.id, mode: "live", days: 7, now: NOW });
    const origin = (o: string) => f.origins.find((x) => x.origin === o)!;
    expect(origin("payment_link").current).toEqual({ collected: 10_000, count: 1, succeeded: 1, failed: 0, success_rate: 1 });
    expect(origin("payment_link").previous).toEqual({ collected: 6_000, count: 1, succeeded: 1, failed: 0, success_rate: 1 });
    expect(origin("invoice").current).toEqual({ collected: 20_000, count: 2, succeeded: 1, failed: 1, success_rate: 0.5 });
    expect(origin("api").current).toEqual({ collected: 30_000, count: 4, succeeded: 1, failed: 2, success_rate: 1 / 3 });
    expect(origin("api").previous).toEqual({ collected: 0, count: 1, succeeded: 0, failed: 1, success_rate: 0 });
    expect(f.totals.current).toEqual({ collected: 60_000, count: 7, succeeded: 3, failed: 3, success_rate: 0.5 });

    // 10, 20 and 30 s: half were confirmed within 20 s, nine tenths within 30 s.
    expect(f.confirmation.current).toEqual({ median_seconds: 20, p90_seconds: 30, count: 3 });
    expect(f.confirmation.previous).toEqual({ median_seconds: 100, p90_seconds: 100, count: 1 });
    expect(f.failure_reasons).toEqual([
      { reason: "INSUFFICIENT_FUNDS", current: 2, previous: 0 },
      { reason: "EXPIRED", current: 1, previous: 0 },
      { reason: "CUSTOMER_DECLINED", current: 0, previous: 1 },
    ]);
  });

  it("answers an empty period with zeros and no rates", async () => {
    const m = await shop();
    const f = await figuresFor(db(), { merchantId: m.id, mode: "live", days: 90, now: NOW });
    expect(f.days).toHaveLength(90);
    expect(f.totals.current).toEqual({ collected: 0, count: 0, succeeded: 0, failed: 0, success_rate: null });
    expect(f.confirmation.current).toEqual({ median_seconds: null, p90_seconds: null, count: 0 });
    expect(f.failure_reasons).toEqual([]);
  });
});

describe("comparedTotals", () => {
  it("agrees with figuresFor's totals over the same periods", async () => {
    const m = await shop();
    await paymentAt(m, { at: "2026-11-09T00:00:00Z", amount: 1_500, status: "SUCCESS" });
    await paymentAt(m, { at: "2026-11-08T23:59:59.999Z", amount: 2_500, status: "FAILED" });
    const p = periodOf(7, NOW);
    const t = await comparedTotals(db(), { merchantId: m.id, mode: "live" }, p);
    const f = await figuresFor(db(), { merchantId: m.id, mode: "live", days: 7, now: NOW });
    expect(t).toEqual(f.totals);
    expect(t.previous).toEqual({ collected: 0, count: 1, succeeded: 0, failed: 1, success_rate: 0 });
  });
});

describe("the figures rollup", () => {
  it("follows a payment's settlement and deletion, and reads the same before and after compaction", async () => {
    const m = await shop();
    await paymentAt(m, { at: "2026-11-10T08:00:00Z", amount: 4_000, status: "PENDING" });
    await paymentAt(m, { at: "2026-11-11T08:00:00Z", amount: 9_000, status: "PENDING" });
    const scope = { merchantId: m.id, mode: "live" as const, days: 7 as const, now: NOW };
    expect((await figuresFor(db(), scope)).totals.current).toEqual({ collected: 0, count: 2, succeeded: 0, failed: 0, success_rate: null });

    const pushedAt = new Date("2026-11-10T08:00:05Z");
    await db()
      .update(payments)
      .set({ status: "SUCCESS", initiatedAt: pushedAt, settledAt: new Date(pushedAt.getTime() + 42_000) })
      .where(and(eq(payments.merchantId, m.id), eq(payments.amount, 4_000)));
    await db().update(payments).set({ status: "FAILED", statusReason: "TIMEOUT" }).where(and(eq(payments.merchantId, m.id), eq(payments.amount, 9_000)));
    const settled = await figuresFor(db(), scope);
    expect(settled.totals.current).toEqual({ collected: 4_000, count: 2, succeeded: 1, failed: 1, success_rate: 0.5 });
    expect(settled.confirmation.current).toEqual({ median_seconds: 42, p90_seconds: 42, count: 1 });
    expect(settled.failure_reasons).toEqual([{ reason: "TIMEOUT", current: 1, previous: 0 }]);

    expect(await compactPaymentFigures(db())).toBeGreaterThanOrEqual(6);
    expect(await figuresFor(db(), scope)).toEqual(settled);

    await db().delete(payments).where(and(eq(payments.merchantId, m.id), eq(payments.amount, 9_000)));
    const after = await figuresFor(db(), scope);
    expect(after.totals.current).toEqual({ collected: 4_000, count: 1, succeeded: 1, failed: 0, success_rate: 1 });
    expect(after.failure_reasons).toEqual([]);
  });
});
