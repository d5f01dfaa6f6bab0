/**
 * `npx tsx bench/exports.ts`: exports BENCH_EXPORT_ROWS (200,000) payments and prints, for each
 * format, the time and the process's peak RSS while the report-generation job writes the file and
 * while the download route streams it out. The code is the server's own (the job and the route
 * handler, in this process), on a throwaway PostgreSQL database: what matters is that memory stays
 * flat whatever the number of rows, which the figures at 20,000 and 200,000 rows show side by side.
 *
 * RSS peaks include garbage V8 has not yet collected; run with NODE_OPTIONS=--max-old-space-size=192
 * to see that the 200,000-row export fits the same heap as the 20,000-row one.
 *
 * Knobs: BENCH_EXPORT_ROWS (200000), DATABASE_URL (the server on which the throwaway database is
 * created; postgres://postgres@127.0.0.1:5432/postgres).
 */
import postgres from "postgres";
import { createThrowawayDatabase } from "../scripts/throwaway-database";

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const total = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `work` while sampling RSS every 20 ms; returns its duration and the peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRss: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, peakRss: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

async function seed(url: string, merchantId: string, applicationId: string, rows: number, offset: number) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`
      insert into payments (id, merchant_id, application_id, mode, status, amount, customer_phone, customer_name, description, fee_total, adapter,
                            gateway_used, routing_reason, client_reference, expires_at, settled_at, created_at, updated_at)
      select 'txn_bench' || lpad((g + ${offset})::text, 12, '0'), ${merchantId}, ${applicationId}, 'test',
             (array['SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED'])[1 + g % 4], 100 + (g * 37) % 500000, '+22370000009', 'Aïssata Traoré',
             'Commande n° ' || g || ', livraison à Bamako', greatest(25, ceil((100 + (g * 37) % 500000) * 0.02))::int, 'simulator', 'service_simulator',
             'bench seed', 'ref-' || g, t + interval '15 minutes', t + interval '1 minute', t, t + interval '1 minute'
      from generate_series(1, ${rows}) g, lateral (select now() - interval '1 day' - (g + ${offset}) * interval '1 second' as t) at`;
    await sql`vacuum analyze payments`;
  } finally {
    await sql.end();
  }
}

async function main() {
  const database = await createThrowawayDatabase(serverUrl, `cauri_bench_exports_${process.pid}`);
  process.env.DATABASE_URL = database.url;
  try {
    const { migratePostgresUrl } = await import("../db/migrate");
    await migratePostgresUrl(database.url);
    const { db } = await import("../db/client");
    const { createMerchant } = await import("../lib/platform/merchants");
    const { createReport } = await import("../lib/books/reports");
    const { generateDueReports } = await import("../lib/books/report-job");
    const { findReport } = await import("../lib/books/reports");
    const { reportDownload } = await import("../lib/books/report-download");
    const created = await createMerchant(db(), { name: "Boutique Bench" });
    const merchant = created.merchant;
    const [application] = await db().query.applications.findMany({ where: (a, { eq }) => eq(a.merchantId, merchant.id) });
    const ctx = { db: db(), merchant, application, mode: "test" as const };
    const from = new Date(Date.now() - 300 * 86_400_000);
    const to = new Date(Date.now() + 86_400_000);

    console.log(`exports of payments, PostgreSQL ${database.name}, Node ${process.version}, baseline RSS ${mb(process.memoryUsage().rss)}`);
    console.log("rows     format  write (job)          download (route)     size");
    let seeded = 0;
    for (const rows of [Math.round(total / 10), total]) {
      await seed(database.url, merchant.id, application.id, rows - seeded, seeded);
      seeded = rows;
      for (const format of ["csv", "xlsx"] as const) {
        global.gc?.();
        const report = await createReport(ctx, { type: "payments", format, from, to, locale: "fr", delimiter: ";" });
        const write = await measured(() => generateDueReports(db(), { max: 1 }));
        const row = await findReport(db(), { merchantId: merchant.id, mode: "test" }, report.id);
        if (row.status !== "READY" || row.rowCount !== rows) throw new Error(`report ${report.id}: ${row.status}, ${row.rowCount} rows`);
        const read = await measured(async () => {
          const download = await reportDownload(db(), row);
          let bytes = 0;
          for await (const piece of download.file.body as AsyncIterable<Uint8Array>) bytes += piece.length;
          return bytes;
        });
        const rate = (ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString("en")} rows/s`;
        console.log(
          `${String(rows).padEnd(8)} ${format.padEnd(7)} ${`${(write.ms / 1000).toFixed(1)} s, ${mb(write.peakRss)}`.padEnd(20)} ${`${(read.ms / 1000).toFixed(1)} s, ${mb(read.peakRss)}`.padEnd(20)} ${mb(read.value)}  (${rate(write.ms)})`,
        );
      }
    }
  } finally {
    // DROP … WITH (FORCE) closes this process's own pool too.
    await database.drop();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
