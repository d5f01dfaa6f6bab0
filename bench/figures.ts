/**
 * `npx tsx bench/figures.ts`: seeds BENCH_FIGURES_ROWS (1,000,000) payments for one merchant in
 * live mode over the last 180 days (both halves of the 90-day comparison), plus a tenth as many for
 * a second merchant (the payments trigger writes one figure delta each), folds the deltas as the
 * payment-figures-compaction job does, then prints how long the figures page's queries take
 * (lib/figures/queries.ts, the server's own code) for each period, first call then repeated, the
 * weekly summary's sums, and how many rollup rows a 90-day page reads. On a throwaway PostgreSQL
 * database, dropped at the end.
 *
 * Knobs: BENCH_FIGURES_ROWS (1000000), DATABASE_URL (the server on which the throwaway database is
 * created; postgres://postgres@127.0.0.1:5432/postgres).
 */
import postgres from "postgres";
import { createThrowawayDatabase } from "../scripts/throwaway-database";

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const total = Number(process.env.BENCH_FIGURES_ROWS ?? 1_000_000);
const CHUNK = 100_000;
const SPAN_SECONDS = 180 * 86_400;

async function seed(sql: postgres.Sql, merchantId: string, applicationId: string, rows: number, prefix: string) {
  for (let offset = 0; offset < rows; offset += CHUNK) {
    const n = Math.min(CHUNK, rows - offset);
    // Spread evenly over 180 days; a quarter fail, expire or are cancelled; every origin present.
    await sql`
      insert into payments (id, merchant_id, application_id, mode, status, amount, customer_phone, fee_total, adapter, gateway_used,
                            routing_reason, purpose, status_reason, initiated_at, expires_at, settled_at, created_at, updated_at)
      select ${prefix} || lpad(g::text, 12, '0'), ${merchantId}, ${applicationId}, 'live',
             st, 100 + (g * 37) % 500000, '+22370000009', greatest(25, ceil((100 + (g * 37) % 500000) * 0.02))::int, 'live', 'operator_live',
             'bench seed', (array['direct', 'payment_link', 'invoice', 'secure_order', 'subscription', 'opr'])[1 + g % 6],
             case st when 'FAILED' then (array['INSUFFICIENT_FUNDS', 'CUSTOMER_DECLINED', 'TIMEOUT'])[1 + g % 3] end,
             t + interval '2 seconds', t + interval '15 minutes', t + (5 + g % 120) * interval '1 second', t, t + interval '1 minute'
      from generate_series(${offset + 1}::int, ${offset + n}::int) g,
        lateral (select now() - (g::bigint * ${SPAN_SECONDS}::bigint / ${rows}::bigint) * interval '1 second' as t,
                        (array['SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'SUCCESS', 'EXPIRED', 'SUCCESS', 'CANCELLED'])[1 + g % 8] as st) x`;
  }
}

const ms = (started: number) => `${(performance.now() - started).toFixed(0)} ms`;

async function main() {
  const database = await createThrowawayDatabase(serverUrl, `cauri_bench_figures_${process.pid}`);
  process.env.DATABASE_URL = database.url;
  try {
    const { migratePostgresUrl } = await import("../db/migrate");
    await migratePostgresUrl(database.url);
    const { db } = await import("../db/client");
    const { createMerchant } = await import("../lib/platform/merchants");
    const { compactPaymentFigures, figuresFor } = await import("../lib/figures/queries");
    const { weekFigures } = await import("../lib/figures/weekly-summary");
    const main = (await createMerchant(db(), { name: "Boutique Bench" })).merchant;
    const other = (await createMerchant(db(), { name: "Boutique Voisine" })).merchant;
    const appOf = async (merchantId: string) => (await db().query.applications.findMany({ where: (a, { eq }) => eq(a.merchantId, merchantId) }))[0].id;

    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      let started = performance.now();
      await seed(sql, main.id, await appOf(main.id), total, "txn_bench");
      await seed(sql, other.id, await appOf(other.id), Math.round(total / 10), "txn_other");
      console.log(`seeded ${total.toLocaleString("en")} + ${Math.round(total / 10).toLocaleString("en")} payments in ${ms(started)}`);
      started = performance.now();
      const folded = await compactPaymentFigures(db());
      console.log(`compaction folded ${folded.toLocaleString("en")} deltas in ${ms(started)}`);
      started = performance.now();
      await sql`vacuum analyze payments, payment_day_figures, payment_figure_deltas`;
      console.log(`vacuum analyze in ${ms(started)}`);
      const [size] = await sql`select pg_size_pretty(pg_total_relation_size('payments')) as size`;
      console.log(`payments: ${size.size} with indexes, PostgreSQL ${database.name}, Node ${process.version}`);
    } finally {
      await sql.end();
    }

    console.log("period  payments in both periods  cold       warm       warm");
    for (const days of [7, 30, 90] as const) {
      const times: string[] = [];
      let figures = await figuresFor(db(), { merchantId: main.id, mode: "live", days, now: new Date() });
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        figures = await figuresFor(db(), { merchantId: main.id, mode: "live", days, now: new Date() });
        times.push(ms(started));
      }
      const n = figures.totals.current.count + figures.totals.previous.count;
      console.log(`${String(days).padEnd(7)} ${n.toLocaleString("en").padEnd(25)} ${times.map((t) => t.padEnd(10)).join(" ")}`);
    }
    const started = performance.now();
    await weekFigures(db(), main.id, new Date());
    console.log(`weekly summary's figures (two weeks): ${ms(started)}`);
    const { sql: q } = await import("drizzle-orm");
    const [rollup] = (await db().execute(
      q`select count(*)::int as n from payment_day_figures where merchant_id = ${main.id} and mode = 'live' and day >= current_date - 180`,
    )) as unknown as { n: number }[];
    console.log(`rollup rows behind a 90-day page and its comparison: ${rollup.n.toLocaleString("en")}`);
  } finally {
    await database.drop();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
