import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { REPORT_FORMATS, REPORT_TYPES, reports, type Report } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { LINK_SECONDS, signedDownloadUrl } from "./report-link";
import { reportSpecOf, type CreateReportBody } from "./report-spec";

export const reportSchema = z.object({
  id: z.string().describe("prefix rpt_"),
  object: z.literal("report"),
  type: z.enum(REPORT_TYPES),
  format: z.enum(REPORT_FORMATS),
  status: z.enum(["PENDING", "READY", "FAILED"]).describe("PENDING until the file is written (seconds; large exports longer), then READY, or FAILED with failure_reason"),
  from: z.string().describe("ISO 8601 UTC"),
  to: z.string().describe("ISO 8601 UTC (excluded)"),
  filters: z.object({ status: z.string().optional(), types: z.array(z.string()).optional() }),
  locale: z.enum(["fr", "en"]),
  delimiter: z.enum([",", ";"]).describe("CSV separator"),
  livemode: z.boolean(),
  row_count: z.number().int().nullable().describe("Rows written (exports); null for a statement or until READY"),
  size_bytes: z.number().int().nullable(),
  sha256: z.string().nullable().describe("Hex SHA-256 of the file, to check a download"),
  download_url: z.string().nullable().describe("READY: a link that downloads the file without an API key until download_url_expires_at (one hour; GET the report again for a fresh one)"),
  download_url_expires_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable().describe("The file is deleted after this date (7 days after READY); the report object stays"),
});
export type ReportResource = z.infer<typeof reportSchema>;
export const reportListSchema = z.array(reportSchema);

/** Reports keep their file for a week: long enough to fetch, short enough not to pile up merchants' customer data. */
export const REPORT_RETENTION_DAYS = 7;

export function reportResource(row: Report, now: Date, linkSeconds: number = LINK_SECONDS.read): ReportResource {
  const downloadable = row.status === "READY" && (!row.expiresAt || row.expiresAt > now);
  const link = downloadable ? signedDownloadUrl(row.id, now, linkSeconds) : null;
  return {
    id: row.id,
    object: "report",
    type: row.type,
    format: row.format,
    status: row.status,
    from: row.params.from,
    to: row.params.to,
    filters: { ...(row.params.status ? { status: row.params.status } : {}), ...(row.params.types ? { types: row.params.types } : {}) },
    locale: row.params.locale,
    delimiter: row.params.delimiter,
    livemode: row.mode === "live",
    row_count: row.rowCount,
    size_bytes: row.byteSize,
    sha256: row.sha256,
    download_url: link?.url ?? null,
    download_url_expires_at: link?.expiresAt.toISOString() ?? null,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

type ReportScope = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

/** POST /v1/reports and the dashboard's large exports: a PENDING report the report-generation job writes. */
export async function createReport(ctx: ReportScope, body: CreateReportBody, requestedBy: string | null = null): Promise<ReportResource> {
  const spec = reportSpecOf(body);
  const now = new Date();
  const [row] = await ctx.db
    .insert(reports)
    .values({ id: newId("rpt"), merchantId: ctx.merchant.id, applicationId: ctx.application.id, mode: ctx.mode, ...spec, requestedBy, createdAt: now })
    .returning();
  return reportResource(row, now);
}

export async function findReport(db: Database, scope: { merchantId: string; mode: DomainContext["mode"] }, id: string): Promise<Report> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.merchantId, scope.merchantId), eq(reports.mode, scope.mode)))
    .limit(1);
  if (!row) throw new ApiError("REPORT_NOT_FOUND");
  return row;
}

export async function getReport(ctx: ReportScope, id: string): Promise<ReportResource> {
  return reportResource(await findReport(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode }, id), new Date());
}

/** The merchant's latest reports in this mode, newest first. */
export async function listReports(ctx: ReportScope, limit = 20): Promise<ReportResource[]> {
  const rows = await ctx.db
    .select()
    .from(reports)
    .where(and(eq(reports.merchantId, ctx.merchant.id), eq(reports.mode, ctx.mode)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit);
  const now = new Date();
  return rows.map((r) => reportResource(r, now));
}
