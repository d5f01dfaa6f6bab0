import { createHash, randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { reportChunks, reports, type Report } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import { log } from "@/lib/log";
import type { BooksScope } from "./balance-transactions";
import { EXPORT_SOURCES, type ExportRange } from "./export-sources";
import { exportChunks } from "./export-writer";
import { LINK_SECONDS } from "./report-link";
import { REPORT_RETENTION_DAYS, reportResource } from "./reports";
import { statementChunks } from "./statement-report";

/** Pieces stored per row: large enough to keep the row count low, small enough to stream. */
export const CHUNK_BYTES = 256 * 1024;
const LEASE_MINUTES = 15;
const MAX_ATTEMPTS = 3;

/** The bytes of a report, in order, as the writer produces them. */
function reportBytes(db: Database, report: Report): AsyncIterable<Buffer> {
  const scope: BooksScope = { db, merchantId: report.merchantId, mode: report.mode };
  const range: ExportRange = { from: new Date(report.params.from), to: new Date(report.params.to), status: report.params.status, types: report.params.types };
  if (report.type === "statement") return statementChunks(scope, range, report.params.locale);
  const format = report.format === "xlsx" ? "xlsx" : "csv";
  return exportChunks(EXPORT_SOURCES[report.type], scope, range, { format, locale: report.params.locale, delimiter: report.params.delimiter }, report.type);
}

/**
 * Claims one due report under a lease (FOR UPDATE SKIP LOCKED), so instances never write the same
 * report at once. Merchants take turns: a merchant's turn counts the reports being written for it
 * and those it got in the last quarter of an hour, so one asking for a year of exports ten times
 * does not keep every other merchant's single report waiting behind them.
 */
async function claimReport(db: Database): Promise<{ report: Report; token: string } | null> {
  const token = randomUUID();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with served as (
        select merchant_id, count(*) as n from reports
        where merchant_id in (select merchant_id from reports where status = 'PENDING')
          and ((status = 'PENDING' and claimed_until > now()) or ready_at > now() - interval '15 minutes')
        group by merchant_id
      ),
      turns as (
        select r.id as turn_id, r.created_at as asked_at,
          row_number() over (partition by r.merchant_id order by r.created_at, r.id) + coalesce(s.n, 0) as turn
        from reports r left join served s on s.merchant_id = r.merchant_id
        where r.status = 'PENDING' and (r.claimed_until is null or r.claimed_until <= now())
      ),
      due as (
        select r.id from reports r join turns t on t.turn_id = r.id
        where r.status = 'PENDING' and (r.claimed_until is null or r.claimed_until <= now())
        order by t.turn, t.asked_at, t.turn_id
        limit 1
        for update of r skip locked
      )
      update reports r set claim_token = ${token}, claimed_until = now() + (${LEASE_MINUTES} * interval '1 minute'), attempts = r.attempts + 1
      from due where r.id = due.id
      returning r.id`),
  );
  if (!rows.length) return null;
  const [report] = await db.select().from(reports).where(eq(reports.id, rows[0].id));
  return { report, token };
}

async function countRows(db: Database, report: Report): Promise<number | null> {
  if (report.type === "statement") return null;
  const scope: BooksScope = { db, merchantId: report.merchantId, mode: report.mode };
  return EXPORT_SOURCES[report.type].count(scope, { from: new Date(report.params.from), to: new Date(report.params.to), status: report.params.status, types: report.params.types });
}

/**
 * Writes one claimed report: the chunks of an earlier attempt that died are deleted first, the
 * file is written chunk by chunk (constant memory), and the READY flip and the report.ready event
 * commit together, only while this claim still holds the report. A report that fails
 * MAX_ATTEMPTS times becomes FAILED with the reason.
 */
async function writeReport(db: Database, report: Report, token: string): Promise<"READY" | "FAILED" | "RETRY" | "LOST"> {
  try {
    await db.delete(reportChunks).where(eq(reportChunks.reportId, report.id));
    const hash = createHash("sha256");
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes) return;
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await db.insert(reportChunks).values({ reportId: report.id, seq: seq++, data });
    };
    for await (const piece of reportBytes(db, report)) {
      hash.update(piece);
      size += piece.length;
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    await flush();
    // The statement's generation time and the count of rows may differ by what arrived meanwhile: rows are counted in the same range the file covers.
    const rowCount = await countRows(db, report);
    const now = new Date();
    return await db.transaction(async (tx) => {
      const [ready] = await tx
        .update(reports)
        .set({ status: "READY", rowCount, byteSize: size, sha256: hash.digest("hex"), readyAt: now, expiresAt: new Date(now.getTime() + REPORT_RETENTION_DAYS * 86_400_000), claimToken: null, claimedUntil: null })
        .where(and(eq(reports.id, report.id), eq(reports.claimToken, token), eq(reports.status, "PENDING")))
        .returning();
      if (!ready) return "LOST" as const;
      await emitEvent(tx, { merchantId: ready.merchantId, applicationId: ready.applicationId, mode: ready.mode, type: "report.ready", object: reportResource(ready, now, LINK_SECONDS.event), at: now });
      return "READY" as const;
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log("error", "report generation failed", { report_id: report.id, type: report.type, attempt: report.attempts, error: reason });
    const failed = report.attempts >= MAX_ATTEMPTS;
    await db
      .update(reports)
      .set(failed ? { status: "FAILED", failureReason: "The report could not be written. Ask for it again; if it fails again, contact support with its id.", claimToken: null, claimedUntil: null } : { claimedUntil: new Date(Date.now() + 30_000) })
      .where(and(eq(reports.id, report.id), eq(reports.claimToken, token)));
    return failed ? "FAILED" : "RETRY";
  }
}

/** Deletes the files of reports past their retention; the report rows stay (expires_at says why the link is gone). */
async function deleteExpiredFiles(db: Database): Promise<number> {
  const expired = await db
    .delete(reportChunks)
    .where(sql`${reportChunks.reportId} in (select id from reports where status = 'READY' and ${lt(reports.expiresAt, new Date())})`)
    .returning({ id: reportChunks.reportId });
  return new Set(expired.map((r) => r.id)).size;
}

/** The report-generation job: every due report, one at a time, then the retention sweep. */
export async function generateDueReports(db: Database, options: { max?: number } = {}): Promise<{ ready: number; failed: number; expired: number }> {
  let ready = 0;
  let failed = 0;
  for (let i = 0; i < (options.max ?? 10); i++) {
    const claim = await claimReport(db);
    if (!claim) break;
    const outcome = await writeReport(db, claim.report, claim.token);
    if (outcome === "READY") ready++;
    if (outcome === "FAILED") failed++;
  }
  return { ready, failed, expired: await deleteExpiredFiles(db) };
}
