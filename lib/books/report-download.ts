import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { reportChunks, type Report } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { FileResult } from "@/lib/core/file-result";
import { EXPORT_CONTENT_TYPES } from "./export-writer";

const CONTENT_TYPES = { ...EXPORT_CONTENT_TYPES, pdf: "application/pdf" } as const;

/** cauri-payments-2026-11-01_2026-12-01.csv: what the file is and which days it covers (`to` excluded). */
export function reportFileName(report: Pick<Report, "type" | "format" | "params">): string {
  const day = (iso: string) => iso.slice(0, 10);
  return `cauri-${report.type.replace(/_/g, "-")}-${day(report.params.from)}_${day(report.params.to)}.${report.format}`;
}

/**
 * The report's file as a download, read chunk by chunk as the client takes it (one chunk in
 * memory at a time). A file past its retention has no chunks left: 410.
 */
export async function reportDownload(db: Database, report: Report): Promise<FileResult> {
  if (report.status !== "READY") throw new ApiError("REPORT_NOT_READY");
  const [first] = await db.select({ seq: reportChunks.seq }).from(reportChunks).where(and(eq(reportChunks.reportId, report.id), eq(reportChunks.seq, 0))).limit(1);
  if (!first && (report.byteSize ?? 0) > 0) throw new ApiError("REPORT_EXPIRED");
  if (report.expiresAt && report.expiresAt <= new Date()) throw new ApiError("REPORT_EXPIRED");
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const [chunk] = await db.select({ data: reportChunks.data }).from(reportChunks).where(and(eq(reportChunks.reportId, report.id), eq(reportChunks.seq, seq))).limit(1);
      if (!chunk) return;
      yield new Uint8Array(chunk.data);
    }
  }
  return new FileResult({
    body: chunks(),
    contentType: CONTENT_TYPES[report.format],
    length: report.byteSize ?? 0,
    filename: reportFileName(report),
    cache: { scope: "private" },
    sha256: report.sha256 ?? undefined,
  });
}
