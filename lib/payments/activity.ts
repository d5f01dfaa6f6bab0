import { sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import type { DomainContext } from "@/lib/context";

const DAY_MS = 86_400_000;

export type ActivityDay = { date: string; collected: number; refunded: number; succeeded: number; failed: number; total: number };
export type CollectionActivity = {
  days: ActivityDay[];
  totals: { collected: number; refunded: number; succeeded: number; finished: number; total: number; success_rate: number | null };
};

type Row = { day: string; gross: number | string; refunded: number | string; succeeded: number | string; failed: number | string; total: number | string };

/**
 * The dashboard home's chart: per day of creation over the last `days` days (today included),
 * the money collected and the money refunded, and counts. Days are Bamako days, which are UTC
 * days (Mali keeps UTC+0 all year).
 *
 * Amounts come from the ledger, so the dashboard agrees with the books. `collected` ("Encaissé")
 * is what the merchant keeps of its customers' money: the `operator_clearing` debit of a SUCCESS
 * payment's `payment.collected` journal, less the `customer_refunds` credit of the
 * `secure_order.refunded` journal of the order it paid, plus a late collection staff credited to
 * the merchant (`payment.late_credited`, for a payment that had ended before the operator's
 * SUCCESS). `refunded` ("Remboursé") is that secure-order money paid back to buyers: a refunded
 * order is counted there, never in `collected`. Both on the day the payment was created, like the
 * counts. Each ledger read is a lookup on the unique (kind, ref_id) index of journals and the
 * journal index of ledger_entries, for the finished payments of the window only (the payments
 * index serves the window).
 *
 * The success rate is over finished payments only (SUCCESS among SUCCESS, FAILED, EXPIRED and
 * CANCELLED): a payment still PENDING has not failed yet.
 */
export async function collectionActivity(ctx: DomainContext, days = 30): Promise<CollectionActivity> {
  const end = Math.floor(ctx.now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const start = end - days * DAY_MS;
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      select to_char(date_trunc('day', p.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
        coalesce(sum(money.gross), 0) as gross,
        coalesce(sum(money.refunded), 0) as refunded,
        count(*) filter (where p.status = 'SUCCESS') as succeeded,
        count(*) filter (where p.status <> 'SUCCESS' and p.status <> 'PENDING') as failed,
        count(*) as total
      from payments p
      left join lateral (
        select
          case when p.status = 'SUCCESS' then
            (select -sum(e.amount) from journals j join ledger_entries e on e.journal_id = j.id
              where j.kind = 'payment.collected' and j.ref_id = p.id and e.account = 'operator_clearing')
          else
            (select -sum(e.amount) from journals j join ledger_entries e on e.journal_id = j.id
              where j.kind = 'payment.late_credited' and j.ref_id = p.id and e.account = 'late_collections_suspense')
          end as gross,
          case when p.status = 'SUCCESS' and p.purpose = 'secure_order' then
            (select sum(e.amount) from journals j join ledger_entries e on e.journal_id = j.id
              where j.kind = 'secure_order.refunded' and j.ref_id = p.purpose_ref and e.account = 'customer_refunds')
          end as refunded
        where p.status <> 'PENDING'
      ) money on true
      where p.merchant_id = ${ctx.merchant.id} and p.mode = ${ctx.mode}
        and p.created_at >= ${new Date(start).toISOString()} and p.created_at < ${new Date(end).toISOString()}
      group by 1`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series: ActivityDay[] = [];
  for (let at = start; at < end; at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    const r = byDay.get(date);
    const refunded = Number(r?.refunded ?? 0);
    series.push({
      date,
      collected: Number(r?.gross ?? 0) - refunded,
      refunded,
      succeeded: Number(r?.succeeded ?? 0),
      failed: Number(r?.failed ?? 0),
      total: Number(r?.total ?? 0),
    });
  }
  const sum = (f: (d: ActivityDay) => number) => series.reduce((acc, d) => acc + f(d), 0);
  const succeeded = sum((d) => d.succeeded);
  const finished = succeeded + sum((d) => d.failed);
  return {
    days: series,
    totals: {
      collected: sum((d) => d.collected),
      refunded: sum((d) => d.refunded),
      succeeded,
      finished,
      total: sum((d) => d.total),
      success_rate: finished === 0 ? null : Math.round((succeeded / finished) * 10_000) / 10_000,
    },
  };
}
