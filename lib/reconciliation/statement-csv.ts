import { z } from "zod";
import type { StatementLineStatus } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";

/**
 * The operator statement's CSV (docs/decisions/reconciliation.md, "The statement file"): a header
 * line naming the five columns in this order, then one transaction a line. Parsed strictly: every
 * bad line is reported with its number (the header is line 1), and a file with one bad line
 * imports nothing.
 */

export const STATEMENT_COLUMNS = ["operator_reference", "payment_reference", "amount", "status", "timestamp"] as const;
export const STATEMENT_STATUSES = ["SUCCESS", "FAILED"] as const satisfies readonly StatementLineStatus[];
export const MAX_STATEMENT_BYTES = 512 * 1024;
export const MAX_STATEMENT_LINES = 10_000;
/** More bad lines than this are summed up in one last entry: enough to fix a file, not a page of noise. */
export const MAX_REPORTED_LINE_ERRORS = 50;

const REFERENCE = /^[A-Za-z0-9._:\/-]+$/;
// An instant with its offset: a time without one would be read in the server's zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

const StatementLine = z.object({
  operator_reference: z.string().min(1, "is required").max(64, "must be at most 64 characters").regex(REFERENCE, "may hold only letters, digits and . _ : / -"),
  payment_reference: z
    .string()
    .max(64, "must be at most 64 characters")
    .regex(/^(|[A-Za-z0-9._:\/-]+)$/, "may hold only letters, digits and . _ : / -")
    .transform((v) => (v === "" ? null : v)),
  amount: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "must be a whole number of FCFA, digits only, no spaces or separators")
    .transform(Number)
    .refine((n) => n <= 5_000_000, "must be at most 5000000"),
  status: z.enum(STATEMENT_STATUSES, { message: `must be one of ${STATEMENT_STATUSES.join(", ")}` }),
  timestamp: z
    .string()
    .regex(INSTANT, "must be an ISO 8601 instant with its offset, e.g. 2026-11-27T14:05:00Z")
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()), "is not a real date"),
});

export type ParsedStatementLine = {
  lineNo: number;
  operatorRef: string;
  paymentRef: string | null;
  amount: number;
  status: StatementLineStatus;
  occurredAt: Date;
};

/** One line's fields: comma-separated, each optionally in double quotes (spreadsheets quote), `""` for a quote inside one. */
function splitFields(line: string): string[] | null {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = "";
      i++;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += line[i++];
      }
      fields.push(value);
      if (i === line.length) return fields;
      if (line[i] !== ",") return null;
      i++;
    } else {
      const next = line.indexOf(",", i);
      const value = line.slice(i, next === -1 ? undefined : next);
      if (value.includes('"')) return null;
      fields.push(value);
      if (next === -1) return fields;
      i = next + 1;
    }
  }
}

const lineError = (lineNo: number, field: string | null, message: string) =>
  new ApiError("INVALID_STATEMENT_CSV", `Line ${lineNo}${field ? `, ${field}` : ""}: ${message}.`, { param: `line_${lineNo}${field ? `.${field}` : ""}` });

/** The day's window, [00:00, 24:00) in Africa/Bamako, which keeps UTC all year. */
export function dayWindow(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/**
 * Parses a statement for `day`. Throws STATEMENT_TOO_LARGE past the limits, or one
 * INVALID_STATEMENT_CSV whose details name each bad line (a line whose time is on another day, a
 * reference given twice, a field that does not parse).
 */
export function parseStatementCsv(text: string, day: string): ParsedStatementLine[] {
  if (Buffer.byteLength(text, "utf8") > MAX_STATEMENT_BYTES) throw new ApiError("STATEMENT_TOO_LARGE");
  const rows = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  // One final newline is how most tools end a file; it is no line of its own.
  if (rows.length > 1 && rows[rows.length - 1] === "") rows.pop();
  if (rows.length - 1 > MAX_STATEMENT_LINES) throw new ApiError("STATEMENT_TOO_LARGE");

  const header = splitFields(rows[0] ?? "")?.map((h) => h.trim().toLowerCase());
  if (!header || header.join(",") !== STATEMENT_COLUMNS.join(",")) {
    const e = lineError(1, null, `the header must be exactly ${STATEMENT_COLUMNS.join(",")}`);
    throw new ApiError("INVALID_STATEMENT_CSV", undefined, { details: [e] });
  }
  if (rows.length < 2) {
    throw new ApiError("INVALID_STATEMENT_CSV", undefined, { details: [lineError(2, null, "the statement has no transaction; a day without any is not imported")] });
  }

  const { from, to } = dayWindow(day);
  const errors: ApiError[] = [];
  const lines: ParsedStatementLine[] = [];
  const seenOperator = new Map<string, number>();
  const seenPayment = new Map<string, number>();
  for (let index = 1; index < rows.length; index++) {
    const lineNo = index + 1;
    const fields = splitFields(rows[index]);
    if (!fields) {
      errors.push(lineError(lineNo, null, "a quoted field is not closed, or text follows its closing quote"));
      continue;
    }
    if (fields.length !== STATEMENT_COLUMNS.length) {
      errors.push(lineError(lineNo, null, `expected ${STATEMENT_COLUMNS.length} fields, found ${fields.length}`));
      continue;
    }
    const parsed = StatementLine.safeParse(Object.fromEntries(STATEMENT_COLUMNS.map((c, i) => [c, fields[i].trim()])));
    if (!parsed.success) {
      // One message a field: an empty reference fails its length and its characters alike.
      const fields = new Map<string, string>();
      for (const issue of parsed.error.issues) if (!fields.has(String(issue.path[0]))) fields.set(String(issue.path[0]), issue.message);
      for (const [field, message] of fields) errors.push(lineError(lineNo, field, message));
      continue;
    }
    const v = parsed.data;
    if (v.timestamp < from || v.timestamp >= to) {
      errors.push(lineError(lineNo, "timestamp", `is not on ${day} (Africa/Bamako, UTC+0)`));
      continue;
    }
    const dupOperator = seenOperator.get(v.operator_reference);
    if (dupOperator) {
      errors.push(lineError(lineNo, "operator_reference", `repeats line ${dupOperator}`));
      continue;
    }
    const dupPayment = v.payment_reference ? seenPayment.get(v.payment_reference) : undefined;
    if (dupPayment) {
      errors.push(lineError(lineNo, "payment_reference", `repeats line ${dupPayment}`));
      continue;
    }
    seenOperator.set(v.operator_reference, lineNo);
    if (v.payment_reference) seenPayment.set(v.payment_reference, lineNo);
    lines.push({ lineNo, operatorRef: v.operator_reference, paymentRef: v.payment_reference, amount: v.amount, status: v.status, occurredAt: v.timestamp });
  }
  if (errors.length) {
    const shown = errors.slice(0, MAX_REPORTED_LINE_ERRORS);
    if (errors.length > shown.length) shown.push(new ApiError("INVALID_STATEMENT_CSV", `${errors.length - shown.length} more bad lines not listed.`));
    throw new ApiError("INVALID_STATEMENT_CSV", `${errors.length} bad line${errors.length > 1 ? "s" : ""} in the statement; nothing was imported.`, { details: shown });
  }
  return lines;
}
