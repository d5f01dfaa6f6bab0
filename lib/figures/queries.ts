import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import type { Mode, PaymentPurpose } from "@/db/schema";
import { FIGURE_ORIGINS, originOf, type ConfirmationTimes, type FigurePeriod, type FigureTotals, type Figures } from "./schemas";

const DAY_MS = 86_400_000;

export type FiguresScope = { merchantId: string; mode: Mode; days: FigurePeriod; now: Date };
type Scope = { merchantId: string; mode: Mode };
type Period = { previousFrom: Date; from: Date; to: Date };

/**
 * The period ending with today (Bamako days are UTC days: Mali keeps UTC+0 all year) and the one
 * of equal length before it, as [previousFrom, from) and [from, to).
 */
export function periodOf(days: number, now: Date): Period {
  const to = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return { previousFrom: new Date(to - 2 * days * DAY_MS), from: new Date(to - days * DAY_MS), to: new Date(to) };
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The rollup rows of both periods: the folded sums plus the deltas not folded yet
 * (db/schema/figures.ts), read in one statement so each change is seen exactly once. Both tables are
 * read by a range on (merchant_id, mode, day), the leading columns of their indexes; the periods
 * start and end on day boundaries, so whole days are exact.
 */
function figureRows(s: Scope, p: Period): SQL {
  const range = sql`merchant_id = ${s.merchantId} and mode = ${s.mode} and day >= ${dayOf(p.previousFrom)}::date and day < ${dayOf(p.to)}::date`;
  return sql`(
    select day, purpose, status, reason, confirm_seconds, n, amount, day >= ${dayOf(p.from)}::date as current from payment_day_figures where ${range}
    union all
    select day, purpose, status, reason, confirm_seconds, n, amount, day >= ${dayOf(p.from)}::date as current from payment_figure_deltas where ${range}
  ) f`;
}

const SUMS = sql`
  coalesce(sum(amount) filter (where status = 'SUCCESS'), 0) as collected,
  coalesce(sum(n), 0) as total,
  coalesce(sum(n) filter (where status = 'SUCCESS'), 0) as succeeded,
  coalesce(sum(n) filter (where status in ('FAILED', 'EXPIRED', 'CANCELLED')), 0) as failed`;

type Num = string | number;
type SumRow = { collected: Num; total: Num; succeeded: Num; failed: Num };
type DayRow = SumRow & { day: string; purpose: PaymentPurpose; current: boolean };
type TimeRow = { current: boolean; median: Num | null; p90: Num | null; n: Num };
type ReasonRow = { reason: string; current: Num; previous: Num };

const emptyTotals = (): FigureTotals => ({ collected: 0, count: 0, succeeded: 0, failed: 0, success_rate: null });
const rateOf = (t: FigureTotals): FigureTotals => ({ ...t, success_rate: t.succeeded + t.failed === 0 ? null : t.succeeded / (t.succeeded + t.failed) });

function add(into: FigureTotals, r: SumRow): void {
  into.collected += Number(r.collected);
  into.count += Number(r.total);
  into.succeeded += Number(r.succeeded);
  into.failed += Number(r.failed);
}

/** Sums per day and origin over both periods: at most 2 × 90 days × 6 origins rows, whatever the number of payments. */
async function dailySums(db: Database, s: Scope, p: Period): Promise<DayRow[]> {
  return rowsOf<DayRow>(
    await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, purpose, bool_or(current) as current, ${SUMS} from ${figureRows(s, p)} group by day, purpose`),
  );
}

/**
 * Time from the push to the customer's phone (initiated_at) to the confirmation (settled_at) of
 * SUCCESS payments, in whole seconds: the median and 90th percentile per period are the smallest
 * second by which half (nine tenths) of them were confirmed, read off the per-second histogram.
 */
async function confirmationTimes(db: Database, s: Scope, p: Period): Promise<{ current: ConfirmationTimes; previous: ConfirmationTimes }> {
  const rows = rowsOf<TimeRow>(
    await db.execute(sql`
      with histogram as (
        select current, confirm_seconds, sum(n) as n from ${figureRows(s, p)}
        where status = 'SUCCESS' and confirm_seconds >= 0 group by current, confirm_seconds having sum(n) > 0
      ), running as (
        select current, confirm_seconds, sum(n) over (partition by current order by confirm_seconds) as upto, sum(n) over (partition by current) as total from histogram
      )
      select current, min(confirm_seconds) filter (where upto >= 0.5 * total) as median, min(confirm_seconds) filter (where upto >= 0.9 * total) as p90, max(total) as n
      from running group by current`),
  );
  const of = (current: boolean): ConfirmationTimes => {
    const r = rows.find((row) => row.current === current);
    return { median_seconds: r?.median == null ? null : Number(r.median), p90_seconds: r?.p90 == null ? null : Number(r.p90), count: Number(r?.n ?? 0) };
  };
  return { current: of(true), previous: of(false) };
}

/** Why payments did not succeed: the operator's reason, else the status. The ten most frequent of the period. */
async function failureReasons(db: Database, s: Scope, p: Period): Promise<Figures["failure_reasons"]> {
  const rows = rowsOf<ReasonRow>(
    await db.execute(sql`
      select coalesce(nullif(reason, ''), status) as reason,
        coalesce(sum(n) filter (where current), 0) as current,
        coalesce(sum(n) filter (where not current), 0) as previous
      from ${figureRows(s, p)}
      where status in ('FAILED', 'EXPIRED', 'CANCELLED')
      group by 1
      having sum(n) > 0
      order by 2 desc, 3 desc, 1
      limit 10`),
  );
  return rows.map((r) => ({ reason: r.reason, current: Number(r.current), previous: Number(r.previous) }));
}

/** The figures page's answer for one merchant and mode; every number is summed by PostgreSQL. */
export async function figuresFor(db: Database, s: FiguresScope): Promise<Figures> {
  const p = periodOf(s.days, s.now);
  const rows = await dailySums(db, s, p);
  const times = await confirmationTimes(db, s, p);
  const reasons = await failureReasons(db, s, p);

  const totals = { current: emptyTotals(), previous: emptyTotals() };
  const origins = new Map(FIGURE_ORIGINS.map((o) => [o, { current: emptyTotals(), previous: emptyTotals() }]));
  const byDay = new Map<string, FigureTotals>();
  for (const r of rows) {
    const side = r.current ? "current" : "previous";
    add(totals[side], r);
    add(origins.get(originOf(r.purpose))![side], r);
    if (r.current) {
      const day = byDay.get(r.day) ?? emptyTotals();
      add(day, r);
      byDay.set(r.day, day);
    }
  }
  const days: Figures["days"] = [];
  for (let at = p.from.getTime(); at < p.to.getTime(); at += DAY_MS) {
    const date = dayOf(new Date(at));
    const d = byDay.get(date) ?? emptyTotals();
    days.push({ date, collected: d.collected, count: d.count, succeeded: d.succeeded, failed: d.failed });
  }
  return {
    period: { days: s.days, from: p.from.toISOString(), to: p.to.toISOString(), previous_from: p.previousFrom.toISOString() },
    totals: { current: rateOf(totals.current), previous: rateOf(totals.previous) },
    days,
    origins: [...origins].map(([origin, t]) => ({ origin, current: rateOf(t.current), previous: rateOf(t.previous) })),
    confirmation: times,
    failure_reasons: reasons,
  };
}

type TotalsRow = SumRow & { current: boolean };

/** Totals of [from, to) and of [previousFrom, from), whole days, from the same rollup. */
export async function comparedTotals(db: Database, s: Scope, p: Period): Promise<{ current: FigureTotals; previous: FigureTotals }> {
  const rows = rowsOf<TotalsRow>(await db.execute(sql`select current, ${SUMS} from ${figureRows(s, p)} group by current`));
  const of = (current: boolean): FigureTotals => {
    const t = emptyTotals();
    const r = rows.find((row) => row.current === current);
    if (r) add(t, r);
    return rateOf(t);
  };
  return { current: of(true), previous: of(false) };
}

// Any constant of our own: one compaction at a time across instances (two would wait on each other's deleted rows).
const COMPACTION_LOCK = 7_310_442_032;

/**
 * Folds the pending figure deltas into payment_day_figures in one statement (deleted and added in
 * the same transaction, so a concurrent read sees each on one side only), and drops rows that
 * fell to zero. Skipped when another instance is compacting. Returns how many deltas it folded.
 */
export async function compactPaymentFigures(db: Database): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [lock] = rowsOf<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${COMPACTION_LOCK}) as ok`));
    if (!lock?.ok) return 0;
    const [folded] = rowsOf<{ moved: Num }>(
      await tx.execute(sql`
        with moved as (delete from payment_figure_deltas returning merchant_id, mode, day, purpose, status, reason, confirm_seconds, n, amount),
          sums as (
            select merchant_id, mode, day, purpose, status, reason, confirm_seconds, sum(n) as n, sum(amount) as amount, count(*) as c
            from moved group by merchant_id, mode, day, purpose, status, reason, confirm_seconds
          ),
          applied as (
            insert into payment_day_figures (merchant_id, mode, day, purpose, status, reason, confirm_seconds, n, amount)
            select merchant_id, mode, day, purpose, status, reason, confirm_seconds, n, amount from sums
            on conflict (merchant_id, mode, day, purpose, status, reason, confirm_seconds)
            do update set n = payment_day_figures.n + excluded.n, amount = payment_day_figures.amount + excluded.amount
          )
        select coalesce(sum(c), 0) as moved from sums`),
    );
    await tx.execute(sql`delete from payment_day_figures where n = 0 and amount = 0`);
    return Number(folded?.moved ?? 0);
  });
}
