import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { BooksScope } from "./balance-transactions";
import type { Cell, ExportLocale, ExportRange, TabularExport } from "./export-sources";

export type ExportFormat = "csv" | "xlsx";
export type ExportOptions = { format: ExportFormat; locale: ExportLocale; delimiter: "," | ";" };

/** Excel reads a CSV as UTF-8 (French accents intact) only when it starts with this mark. */
export const UTF8_BOM = "\uFEFF";

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted when it holds the delimiter, a quote or a line break. Text
 * that a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe, unless it is a plain number such as a phone number "+22370000009".
 */
export function csvField(value: Cell, delimiter: string): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: Cell[], delimiter: string) => `${cells.map((c) => csvField(c, delimiter)).join(delimiter)}\r\n`;

async function* csvChunks(source: TabularExport, scope: BooksScope, range: ExportRange, options: ExportOptions): AsyncGenerator<Buffer> {
  yield Buffer.from(UTF8_BOM + csvLine(source.headers(options.locale), options.delimiter), "utf8");
  for await (const batch of source.rows(scope, range, options.locale)) {
    let text = "";
    for (const cells of batch) text += csvLine(cells, options.delimiter);
    yield Buffer.from(text, "utf8");
  }
}

/**
 * An XLSX through exceljs's streaming writer: each row is committed as it is written, so the
 * workbook is never held whole in memory. Amounts stay numbers (Excel sums them).
 */
function xlsxStream(source: TabularExport, scope: BooksScope, range: ExportRange, options: ExportOptions, sheetName: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  void (async () => {
    try {
      sheet.addRow(source.headers(options.locale)).commit();
      for await (const batch of source.rows(scope, range, options.locale)) {
        for (const cells of batch) sheet.addRow(cells).commit();
        // Let the consumer drain before the next batch is read.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** The export's bytes in order, pulled as the consumer reads (a download response, or report chunks). */
export function exportChunks(source: TabularExport, scope: BooksScope, range: ExportRange, options: ExportOptions, sheetName = "Export"): AsyncIterable<Buffer> {
  return options.format === "csv" ? csvChunks(source, scope, range, options) : xlsxStream(source, scope, range, options, sheetName);
}
