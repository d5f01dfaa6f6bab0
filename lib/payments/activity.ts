import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import type { DomainContext } from "@/lib/context";

const DAY_MS = 86_400_000;

export type ActivityDay = { date: string; collected: number; succeeded: number; failed: number; total: number };
export type CollectionActivity = {
  days: ActivityDay[];
  totals: { collected: number; succeeded: number; finished: number; total: number; success_rate: number | null };
};

type Row = { day: string; collected: number | string; succeeded: number | string; failed: number | string; total: number | string };

/**
 * The dashboard home's chart: per day of creation over the last `days` days (today included),
 * the amount collected (SUCCESS), and counts. Days are Bamako days, which are UTC days (Mali
 * keeps UTC+0 all year). The success rate is over finished payments only (SUCCESS among SUCCESS,
 * FAILED, EXPIRED and CANCELLED): a payment still PENDING has not failed yet.
 */
export async function collectionActivity(ctx: DomainContext, days = 30): Promise<CollectionActivity> {
  const end = Math.floor(ctx.now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const start = end - days * DAY_MS;
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
        coalesce(sum(amount) filter (where status = 'SUCCESS'), 0) as collected,
        count(*) filter (where status = 'SUCCESS') as succeeded,
        count(*) filter (where status <> 'SUCCESS' and status <> 'PENDING') as failed,
        count(*) as total
      from payments
      where merchant_id = ${ctx.merchant.id} and mode = ${ctx.mode}
        and created_at >= ${new Date(start).toISOString()} and created_at < ${new Date(end).toISOString()}
      group by 1`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series: ActivityDay[] = [];
  for (let at = start; at < end; at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    const r = byDay.get(date);
    series.push({ date, collected: Number(r?.collected ?? 0), succeeded: Number(r?.succeeded ?? 0), failed: Number(r?.failed ?? 0), total: Number(r?.total ?? 0) });
  }
  const sum = (f: (d: ActivityDay) => number) => series.reduce((acc, d) => acc + f(d), 0);
  const succeeded = sum((d) => d.succeeded);
  const finished = succeeded + sum((d) => d.failed);
  return {
    days: series,
    totals: {
      collected: sum((d) => d.collected),
      succeeded,
      finished,
      total: sum((d) => d.total),
      success_rate: finished === 0 ? null : Math.round((succeeded / finished) * 10_000) / 10_000,
    },
  };
}
