import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { webhookDeliveries } from "@/db/schema";
import { deliveryDays } from "./daily-stats";
import { dispatchEvents } from "./deliver";
import { emitTestEvent, endpointFor, merchantContext } from "./test-support";

/** One delivery per entry, moved to one minute past UTC midnight that many days ago, with that status. */
async function deliveries(ctx: Awaited<ReturnType<typeof merchantContext>>["ctx"], plan: { status: "SUCCESS" | "FAILED" | "PENDING"; daysAgo: number }[]) {
  for (const _ of plan) await emitTestEvent({ merchantId: ctx.merchant.id, applicationId: ctx.application.id, mode: ctx.mode });
  const { deliveries: ids } = await dispatchEvents(db(), { merchantId: ctx.merchant.id });
  expect(ids).toHaveLength(plan.length);
  for (const [i, p] of plan.entries()) {
    await db()
      .update(webhookDeliveries)
      .set({ status: p.status, createdAt: sql`(date_trunc('day', now() at time zone 'UTC') - make_interval(days => ${p.daysAgo}) + interval '1 minute') at time zone 'UTC'` as unknown as Date })
      .where(inArray(webhookDeliveries.id, [ids[i]!]));
  }
}

describe("deliveryDays", () => {
  it("counts this application's deliveries per day and status over the last 7 days, today included", async () => {
    const { ctx } = await merchantContext();
    await endpointFor(ctx, "https://hooks.example.ml/cauri");
    await deliveries(ctx, [
      { status: "SUCCESS", daysAgo: 0 },
      { status: "SUCCESS", daysAgo: 0 },
      { status: "FAILED", daysAgo: 0 },
      { status: "PENDING", daysAgo: 2 },
      { status: "SUCCESS", daysAgo: 6 },
      { status: "FAILED", daysAgo: 7 },
    ]);
    const other = await merchantContext();
    await endpointFor(other.ctx, "https://hooks.example.ml/other");
    await deliveries(other.ctx, [{ status: "SUCCESS", daysAgo: 0 }]);

    const days = await deliveryDays(ctx);
    expect(days).toHaveLength(7);
    const [{ today }] = rowsOf<{ today: string }>(await db().execute(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`));
    expect(days.at(-1)).toEqual({ date: today, success: 2, failed: 1, pending: 0 });
    expect(days.at(-3)).toMatchObject({ success: 0, failed: 0, pending: 1 });
    // Six days ago is the window's first day; seven days ago is outside it.
    expect(days[0]).toMatchObject({ success: 1, failed: 0, pending: 0 });
    expect(days.reduce((n, d) => n + d.success + d.failed + d.pending, 0)).toBe(5);
  });

  it("is empty for the other mode", async () => {
    const { ctx } = await merchantContext();
    await endpointFor(ctx, "https://hooks.example.ml/cauri");
    await deliveries(ctx, [{ status: "SUCCESS", daysAgo: 0 }]);
    const days = await deliveryDays({ ...ctx, mode: "live" }, 3);
    expect(days.map((d) => d.success + d.failed + d.pending)).toEqual([0, 0, 0]);
  });
});
