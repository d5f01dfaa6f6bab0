import type { DomainContext } from "@/lib/context";
import { FileResult } from "@/lib/core/file-result";
import type { BooksScope } from "./balance-transactions";
import { EXPORT_SOURCES, type ExportRange } from "./export-sources";
import { EXPORT_CONTENT_TYPES, exportChunks } from "./export-writer";
import { reportFileName } from "./report-download";
import { createReport } from "./reports";
import { reportSpecOf, type CreateReportBody } from "./report-spec";
import { statementChunks } from "./statement-report";

/**
 * Up to this many rows an export is streamed straight into the browser's download; beyond it, it
 * becomes a report written in the background, and the dashboard shows its link when it is ready
 * (a request must not hold a connection for the minutes a very large export takes).
 */
export const INLINE_EXPORT_ROWS = 10_000;

/** The dashboard's export button: the file itself when it is small, else a PENDING report written in the background. */
export async function dashboardExport(ctx: Pick<DomainContext, "db" | "merchant" | "application" | "mode">, body: CreateReportBody, userId: string): Promise<FileResult | { queued: { report: Awaited<ReturnType<typeof createReport>>; rows: number } }> {
  const spec = reportSpecOf(body);
  const scope: BooksScope = { db: ctx.db, merchantId: ctx.merchant.id, mode: ctx.mode };
  const range: ExportRange = { from: body.from, to: body.to, status: spec.params.status, types: spec.params.types };
  if (spec.type !== "statement") {
    const rows = await EXPORT_SOURCES[spec.type].count(scope, range);
    if (rows > INLINE_EXPORT_ROWS) return { queued: { report: await createReport(ctx, body, `user:${userId}`), rows } };
  }
  const chunks =
    spec.type === "statement"
      ? statementChunks(scope, range, spec.params.locale)
      : exportChunks(EXPORT_SOURCES[spec.type], scope, range, { format: spec.format === "xlsx" ? "xlsx" : "csv", locale: spec.params.locale, delimiter: spec.params.delimiter }, spec.type);
  const contentType = spec.format === "pdf" ? "application/pdf" : EXPORT_CONTENT_TYPES[spec.format];
  return new FileResult({ body: chunks, contentType, filename: reportFileName(spec), cache: { scope: "private" } });
}
