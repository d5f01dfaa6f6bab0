import type { BooksScope } from "./balance-transactions";
import type { ExportRange } from "./export-sources";
import { statementData } from "./statement/data";
import { renderStatementPdf } from "./statement/pdf";

/** A statement report's bytes: the statement of the range, rendered as a PDF in the report's language. */
export async function* statementChunks(scope: BooksScope, range: ExportRange, locale: "fr" | "en"): AsyncGenerator<Buffer> {
  const data = await statementData(scope, { from: range.from, to: range.to });
  for await (const piece of renderStatementPdf(data, locale)) yield Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
}
