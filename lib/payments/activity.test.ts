import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { collectionActivity } from "./activity";
import { insertPayment } from "./create";
import { settlePayment } from "./settle";

const NOW = new Date("2026-11-21T10:00:00Z");
const at = (iso: string) => new Date(iso);

describe("collectionActivity", () => {
  it("sums collected amounts and counts per UTC day over 30 days, today included, in this merchant and mode only", async () => {
    // A live-ready merchant: its live payment below passes the plan's cap.
    const m = await newLiveMerchant();
    const base = { ...(await dashboardContext(db(), m.merchant, "test")), now: NOW };
    const pay = async (when: string, amount: number, status?: "SUCCESS" | "FAILED" | "EXPIRED") => {
      const p = await insertPayment({ ...base, now: at(when) }, { amount, customerPhone: "+22370000011" });
      if (status) await settlePayment(db(), p.id, { status });
      return p;
    };
    await pay("2026-11-21T09:59:00Z", 5_000, "SUCCESS");
    await pay("2026-11-21T00:00:00Z", 2_500, "SUCCESS");
    await pay("2026-11-20T23:59:59Z", 1_000, "SUCCESS");
    await pay("2026-11-20T12:00:00Z", 7_000, "FAILED");
    await pay("2026-11-20T12:30:00Z", 9_000);
    // The first day of the window (2026-10-23) is in; the day before it is out.
    await pay("2026-10-23T00:00:00Z", 300, "SUCCESS");
    await pay("2026-10-22T23:59:59Z", 100_000, "SUCCESS");
    // Another mode and another merchant never count.
    const live = { ...(await dashboardContext(db(), m.merchant, "live")), now: NOW };
    await settlePayment(db(), (await insertPayment(live, { amount: 40_000, customerPhone: "+22370000011" })).id, { status: "SUCCESS" });
    const other = await newMerchant();
    const otherCtx = { ...(await dashboardContext(db(), other.merchant, "test")), now: NOW };
    await settlePayment(db(), (await insertPayment(otherCtx, { amount: 50_000, customerPhone: "+22370000011" })).id, { status: "SUCCESS" });

    const activity = await collectionActivity(base);
    expect(activity.days).toHaveLength(30);
    expect(activity.days[0]!.date).toBe("2026-10-23");
    expect(activity.days.at(-1)).toEqual({ date: "2026-11-21", collected: 7_500, refunded: 0, succeeded: 2, failed: 0, total: 2 });
    expect(activity.days.at(-2)).toEqual({ date: "2026-11-20", collected: 1_000, refunded: 0, succeeded: 1, failed: 1, total: 3 });
    expect(activity.days[0]).toEqual({ date: "2026-10-23", collected: 300, refunded: 0, succeeded: 1, failed: 0, total: 1 });
    expect(activity.days[1]).toEqual({ date: "2026-10-24", collected: 0, refunded: 0, succeeded: 0, failed: 0, total: 0 });
    // PENDING is not finished: 4 successes among 5 finished payments.
    expect(activity.totals).toEqual({ collected: 8_800, refunded: 0, succeeded: 4, finished: 5, total: 6, success_rate: 0.8 });
  });

  it("has no success rate before any payment has finished", async () => {
    const m = await newMerchant();
    const ctx = { ...(await dashboardContext(db(), m.merchant, "test")), now: NOW };
    await insertPayment(ctx, { amount: 1_000, customerPhone: "+22370000011" });
    const activity = await collectionActivity(ctx, 7);
    expect(activity.days).toHaveLength(7);
    expect(activity.totals).toEqual({ collected: 0, refunded: 0, succeeded: 0, finished: 0, total: 1, success_rate: null });
  });
});
