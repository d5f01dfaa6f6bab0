/**
 * `npx tsx bench/outbox-claims.ts`: how long a claim of the SMS and mail jobs takes while one
 * tenant has a backlog. Seeds BENCH_OUTBOX_ROWS (100,000) pending text messages of one merchant
 * plus one for each of BENCH_OUTBOX_MERCHANTS (300) others, and as many pending invoice e-mails plus
 * one password reset; then times claimDueSms and claimDueMail (20 rows, the jobs' own code), and
 * checks that the first claims serve every merchant and the password reset. On a throwaway
 * PostgreSQL database, dropped at the end.
 *
 * Knobs: BENCH_OUTBOX_ROWS, BENCH_OUTBOX_MERCHANTS, DATABASE_URL (the server on which the throwaway
 * database is created; postgres://postgres@127.0.0.1:5432/postgres).
 */
import postgres from "postgres";
import { createThrowawayDatabase } from "../scripts/throwaway-database";

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const rows = Number(process.env.BENCH_OUTBOX_ROWS ?? 100_000);
const others = Number(process.env.BENCH_OUTBOX_MERCHANTS ?? 300);
const RUNS = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const database = await createThrowawayDatabase(serverUrl, `cauri_bench_outbox_${process.pid}`);
  process.env.DATABASE_URL = database.url;
  try {
    const { migratePostgresUrl } = await import("../db/migrate");
    await migratePostgresUrl(database.url);
    const { db } = await import("../db/client");
    const { createMerchant } = await import("../lib/platform/merchants");
    const { claimDueSms } = await import("../lib/sms/send-job");
    const { claimDueMail } = await import("../lib/mail/send-job");

    const bulk = (await createMerchant(db(), { name: "Boutique en masse" })).merchant;
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      let started = performance.now();
      await sql`insert into merchants (id, name) select 'mer_bench_' || g, 'Boutique ' || g from generate_series(1, ${others}::int) g`;
      await sql`
        insert into sms_outbox (id, merchant_id, mode, dedupe_key, "to", locale, template, text, encoding, segments, next_attempt_at)
        select 'sms_bulk_' || g, ${bulk.id}, 'live', 'bulk:' || g, '+2237' || lpad(g::text, 7, '0'), 'fr', 'invoice_reminder', 'Rappel', 'gsm7', 1,
               now() - interval '1 hour' + g * interval '1 millisecond'
        from generate_series(1, ${rows}::int) g`;
      await sql`
        insert into sms_outbox (id, merchant_id, mode, dedupe_key, "to", locale, template, text, encoding, segments)
        select 'sms_other_' || g, 'mer_bench_' || g, 'live', 'other:' || g, '+22376000000', 'fr', 'delivery_code', 'Code', 'gsm7', 1
        from generate_series(1, ${others}::int) g`;
      await sql`
        insert into mail_outbox (id, dedupe_key, "to", locale, template, subject, text, html, next_attempt_at)
        select 'mail_bulk_' || g, 'bulk:' || g, 'client' || g || '@example.ml', 'fr', 'invoice', 'Facture', 'Facture', '<p>Facture</p>',
               now() - interval '1 hour' + g * interval '1 millisecond'
        from generate_series(1, ${rows}::int) g`;
      await sql`insert into mail_outbox (id, dedupe_key, "to", locale, template, subject, text, html) values ('mail_reset', 'reset', 'awa@example.ml', 'fr', 'password_reset', 'Mot de passe', 'Lien', '<p>Lien</p>')`;
      await sql`analyze sms_outbox`;
      await sql`analyze mail_outbox`;
      console.log(`seeded ${rows.toLocaleString("en")} + ${others} text messages and ${rows.toLocaleString("en")} + 1 e-mails in ${(performance.now() - started).toFixed(0)} ms`);

      // Each claim's messages are then marked sent, as the job's pass would leave them.
      const smsTimes: number[] = [];
      const served = new Set<string>();
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        const claims = await claimDueSms(db(), { limit: 20, leaseMs: 60_000 });
        smsTimes.push(performance.now() - started);
        for (const c of claims) if (c.id.startsWith("sms_other_")) served.add(c.id);
        await sql`update sms_outbox set status = 'SENT', claim_token = null, claimed_until = null where id in ${sql(claims.map((c) => c.id))}`;
      }
      console.log(`claimDueSms (20 rows): median ${median(smsTimes).toFixed(1)} ms over ${RUNS} claims; other merchants served by the first ${RUNS} claims: ${served.size} of ${others}`);

      const mailTimes: number[] = [];
      let resetAt = -1;
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        const claims = await claimDueMail(db(), { limit: 20, leaseMs: 60_000 });
        mailTimes.push(performance.now() - started);
        if (resetAt < 0 && claims.some((c) => c.id === "mail_reset")) resetAt = i + 1;
        await sql`update mail_outbox set status = 'SENT', claim_token = null, claimed_until = null where id in ${sql(claims.map((c) => c.id))}`;
      }
      console.log(`claimDueMail (20 rows): median ${median(mailTimes).toFixed(1)} ms over ${RUNS} claims; the password reset behind ${rows.toLocaleString("en")} invoices went in claim ${resetAt}`);
    } finally {
      await sql.end();
    }
  } finally {
    await database.drop();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
