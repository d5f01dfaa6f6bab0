import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import type { DomainContext } from "@/lib/context";

export type DeliveryDay = { date: string; success: number; failed: number; pending: number };

type Row = { day: string; success: number | string; failed: number | string; pending: number | string };

/**
 * The dashboard's delivery chart: deliveries of this application and mode created on each of the
 * last `days` UTC days (Bamako days), today included, by current status. Days come from the
 * database clock, like the deliveries' own timestamps, so no day is ever cut by clock skew.
 */
export async function deliveryDays(ctx: Pick<DomainContext, "db" | "merchant" | "application" | "mode">, days = 7): Promise<DeliveryDay[]> {
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      with bounds as (select date_trunc('day', now() at time zone 'UTC') as today)
      select to_char(d.day, 'YYYY-MM-DD') as day,
        count(w.id) filter (where w.status = 'SUCCESS') as success,
        count(w.id) filter (where w.status = 'FAILED') as failed,
        count(w.id) filter (where w.status = 'PENDING') as pending
      from bounds,
        generate_series(bounds.today - make_interval(days => ${days - 1}), bounds.today, interval '1 day') as d(day)
        left join webhook_deliveries w
          on w.application_id = ${ctx.application.id} and w.mode = ${ctx.mode} and w.merchant_id = ${ctx.merchant.id}
          and w.created_at >= d.day at time zone 'UTC' and w.created_at < (d.day + interval '1 day') at time zone 'UTC'
      group by d.day
      order by d.day`),
  );
  return rows.map((r) => ({ date: r.day, success: Number(r.success), failed: Number(r.failed), pending: Number(r.pending) }));
}
