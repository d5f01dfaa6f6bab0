import { InngestTestEngine } from "@inngest/test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { events, payments, rateLimitCounters } from "@/db/schema";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { countPayments } from "@/lib/payments/counts";
import { insertPayment } from "@/lib/payments/create";
import { newMerchant } from "@/tests/support/merchant";
import { housekeeping } from "./housekeeping";
import { functions } from "./index";
import { paymentExpiry } from "./payment-expiry";

const tick = (fn: typeof housekeeping | typeof paymentExpiry) => new InngestTestEngine({ function: fn, events: [{ name: "inngest/scheduled.timer", data: {} }] }).execute();

describe("payment-expiry Inngest function", () => {
  it("is served, and expires a due payment nobody reads, with its event, once", async () => {
    expect(functions).toContain(paymentExpiry);
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    const p = await insertPayment({ ...ctx, now: new Date(Date.now() - 3_600_000) }, { amount: 1500, customerPhone: "+22370000011" });
    const first = await tick(paymentExpiry);
    expect(first.error).toBeUndefined();
    expect((first.result as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    const [row] = await db().select({ status: payments.status }).from(payments).where(eq(payments.id, p.id));
    expect(row!.status).toBe("EXPIRED");
    expect((await tick(paymentExpiry)).error).toBeUndefined();
    const expiredEvents = await db().select().from(events).where(and(eq(events.objectId, p.id), eq(events.type, "payment.expired")));
    expect(expiredEvents).toHaveLength(1);
  });
});

describe("housekeeping Inngest function", () => {
  it("is served, drops old rate-limit windows and folds payment count deltas without changing totals", async () => {
    expect(functions).toContain(housekeeping);
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    for (let i = 0; i < 3; i++) await insertPayment(ctx, { amount: 1000 + i, customerPhone: "+22370000011" });
    await db().insert(rateLimitCounters).values([
      { bucket: `old-${m.merchant.id}`, windowStart: new Date(Date.now() - 3_600_000), count: 4 },
      { bucket: `fresh-${m.merchant.id}`, windowStart: new Date(), count: 4 },
    ]);
    const run = await tick(housekeeping);
    expect(run.error).toBeUndefined();
    expect((run.result as { folded: number }).folded).toBeGreaterThanOrEqual(3);
    const [deltas] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from payment_count_deltas where merchant_id = ${m.merchant.id}`));
    expect(Number(deltas!.n)).toBe(0);
    expect(await countPayments(db(), { merchantId: m.merchant.id, mode: "test" })).toBe(3);
    const left = await db().select({ bucket: rateLimitCounters.bucket }).from(rateLimitCounters).where(sql`${rateLimitCounters.bucket} like ${`%${m.merchant.id}`}`);
    expect(left.map((r) => r.bucket)).toEqual([`fresh-${m.merchant.id}`]);
  });
});

