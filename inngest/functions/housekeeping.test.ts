import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { events, payments } from "@/db/schema";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { countPayments } from "@/lib/payments/counts";
import { insertPayment } from "@/lib/payments/create";
import { newMerchant } from "@/tests/support/merchant";
import { servedFunctionIds } from "./test-support";
import { scheduledFunction, tick } from "./test-support";

const total = (passes: unknown[] | undefined) => (passes ?? []).reduce<number>((sum, n) => sum + Number(n), 0);

describe("payment-expiry Inngest function", () => {
  it("is served, and expires a due payment nobody reads, with its event, once", async () => {
    expect(servedFunctionIds()).toContain(scheduledFunction("payment-expiry").id());
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    const p = await insertPayment({ ...ctx, now: new Date(Date.now() - 3_600_000) }, { amount: 1500, customerPhone: "+22370000011" });
    const first = await tick("payment-expiry");
    expect(first.error).toBeUndefined();
    expect(first.result!.passes).toHaveLength(12);
    expect(total(first.result!.passes)).toBeGreaterThanOrEqual(1);
    const [row] = await db().select({ status: payments.status }).from(payments).where(eq(payments.id, p.id));
    expect(row!.status).toBe("EXPIRED");
    expect((await tick("payment-expiry")).error).toBeUndefined();
    const expiredEvents = await db().select().from(events).where(and(eq(events.objectId, p.id), eq(events.type, "payment.expired")));
    expect(expiredEvents).toHaveLength(1);
  });
});

describe("payment-count-compaction Inngest function", () => {
  it("is served, and folds payment count deltas without changing totals", async () => {
    expect(servedFunctionIds()).toContain(scheduledFunction("payment-count-compaction").id());
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    for (let i = 0; i < 3; i++) await insertPayment(ctx, { amount: 1000 + i, customerPhone: "+22370000011" });
    const run = await tick("payment-count-compaction");
    expect(run.error).toBeUndefined();
    expect(total(run.result!.passes)).toBeGreaterThanOrEqual(3);
    const [deltas] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from payment_count_deltas where merchant_id = ${m.merchant.id}`));
    expect(Number(deltas!.n)).toBe(0);
    expect(await countPayments(db(), { merchantId: m.merchant.id, mode: "test" })).toBe(3);
  });
});

