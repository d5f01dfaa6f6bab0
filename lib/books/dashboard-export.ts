import type { DomainContext } from "@/lib/context";
import { reply } from "@/lib/http/envelope";
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

const asBody = (chunks: AsyncIterable<Buffer>): ReadableStream<Uint8Array> => {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
};

/** The dashboard's export button: the file itself when it is small, else a PENDING report (202). */
export async function dashboardExport(ctx: Pick<DomainContext, "db" | "merchant" | "application" | "mode">, body: CreateReportBody, userId: string): Promise<Response | ReturnType<typeof reply>> {
  const spec = reportSpecOf(body);
  const scope: BooksScope = { db: ctx.db, merchantId: ctx.merchant.id, mode: ctx.mode };
  const range: ExportRange = { from: body.from, to: body.to, status: spec.params.status, types: spec.params.types };
  if (spec.type !== "statement") {
    const rows = await EXPORT_SOURCES[spec.type].count(scope, range);
    if (rows > INLINE_EXPORT_ROWS) return reply({ report: await createReport(ctx, body, `user:${userId}`), rows }, { status: 202 });
  }
  const chunks =
    spec.type === "statement"
      ? statementChunks(scope, range, spec.params.locale)
      : exportChunks(EXPORT_SOURCES[spec.type], scope, range, { format: spec.format === "xlsx" ? "xlsx" : "csv", locale: spec.params.locale, delimiter: spec.params.delimiter }, spec.type);
  const contentType = spec.format === "pdf" ? "application/pdf" : EXPORT_CONTENT_TYPES[spec.format];
  return new Response(asBody(chunks), {
    status: 200,
    headers: { "content-type": contentType, "content-disposition": `attachment; filename="${reportFileName(spec)}"`, "cache-control": "private, no-store" },
  });
}
