import { z } from "zod";
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportParams, type ReportType } from "@/db/schema";
import { PAYMENT_STATUSES, isoInstant } from "@/lib/payments/schemas";
import { SECURE_ORDER_STATUSES } from "@/lib/secure-orders/schemas";
import { SUBSCRIPTION_STATUSES } from "@/lib/billing/schemas";
import { WITHDRAWAL_STATUSES } from "@/lib/withdrawals/schemas";
import { REFUND_REQUEST_STATUSES } from "@/lib/refunds/schemas";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { BALANCE_TRANSACTION_TYPES } from "./balance-transaction-types";

/** The statuses each export can be filtered by: the list's own. */
export const REPORT_STATUSES: Partial<Record<ReportType, readonly string[]>> = {
  payments: PAYMENT_STATUSES,
  withdrawals: WITHDRAWAL_STATUSES,
  secure_orders: SECURE_ORDER_STATUSES,
  subscriptions: SUBSCRIPTION_STATUSES,
  refunds: REFUND_REQUEST_STATUSES,
};

export const createReportSchema = z.object({
  // A string first, so a missing type is told apart from an unknown one.
  type: z.string().pipe(z.enum(REPORT_TYPES)).describe("payments, withdrawals, secure_orders, subscriptions, invoices, balance_transactions, refunds (exports) or statement (the monthly statement, a PDF)"),
  format: z.enum(REPORT_FORMATS).optional().describe("csv (default for exports) or xlsx; pdf for a statement (its default)"),
  from: isoInstant.describe("ISO 8601; the report covers created_at ≥ from"),
  to: isoInstant.describe("ISO 8601; … and < to"),
  status: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .optional()
    .describe("Exports of payments, withdrawals, secure orders, subscriptions or refunds: only this status"),
  types: z.array(z.enum(BALANCE_TRANSACTION_TYPES)).min(1).optional().describe("balance_transactions: only these movement types"),
  locale: z.enum(["fr", "en"]).default("fr").describe("Language of the column headers, labels and statement (default fr)"),
  delimiter: z.enum([",", ";"]).default(",").describe("CSV separator: ';' for French-language Excel, which reads ',' as the decimal mark"),
});

export const CreateReportInput = input(createReportSchema, {
  type: { missing: "MISSING_FIELD", invalid: "INVALID_REPORT_TYPE" },
  format: "INVALID_REPORT_FORMAT",
  from: { missing: "MISSING_FIELD", invalid: "INVALID_DATE_RANGE" },
  to: { missing: "MISSING_FIELD", invalid: "INVALID_DATE_RANGE" },
  status: "INVALID_REPORT_FILTER",
  types: "INVALID_REPORT_FILTER",
  locale: "INVALID_FIELD",
  delimiter: "INVALID_FIELD",
});

export type CreateReportBody = z.output<typeof createReportSchema>;

/** The same request as a query string (the dashboard's download links): `types` comma-separated. */
export const ExportQuery = input(
  createReportSchema.extend({
    types: z
      .string()
      .transform((s) => s.split(",").map((t) => t.trim()).filter(Boolean))
      .pipe(z.array(z.enum(BALANCE_TRANSACTION_TYPES)).min(1))
      .optional(),
  }),
  CreateReportInput.codes,
);

/** The longest period one report covers: a year and a day (a leap year plus a boundary). */
export const MAX_REPORT_DAYS = 367;

/** Checks what the schema alone cannot (a format or filter that does not fit the type) and gives what is stored. */
export function reportSpecOf(body: CreateReportBody): { type: ReportType; format: ReportFormat; params: ReportParams } {
  if (body.from >= body.to) throw new ApiError("INVALID_DATE_RANGE", "from must be before to.", { param: "from" });
  if (body.to.getTime() - body.from.getTime() > MAX_REPORT_DAYS * 86_400_000) {
    throw new ApiError("INVALID_DATE_RANGE", `A report covers at most ${MAX_REPORT_DAYS} days; ask for one report per year.`, { param: "to" });
  }
  const statement = body.type === "statement";
  const format = body.format ?? (statement ? "pdf" : "csv");
  if (statement !== (format === "pdf")) {
    throw new ApiError("INVALID_REPORT_FORMAT", statement ? "A statement is a PDF: format must be pdf (or left out)." : `An export of ${body.type} is csv or xlsx, not ${format}.`, { param: "format" });
  }
  if (body.status !== undefined) {
    const allowed = REPORT_STATUSES[body.type];
    if (!allowed) throw new ApiError("INVALID_REPORT_FILTER", `status does not apply to a ${body.type} report.`, { param: "status" });
    if (!allowed.includes(body.status)) throw new ApiError("INVALID_REPORT_FILTER", `status must be one of ${allowed.join(", ")} for ${body.type}.`, { param: "status" });
  }
  if (body.types !== undefined && body.type !== "balance_transactions") {
    throw new ApiError("INVALID_REPORT_FILTER", "types applies only to balance_transactions reports.", { param: "types" });
  }
  return {
    type: body.type,
    format,
    params: {
      from: body.from.toISOString(),
      to: body.to.toISOString(),
      locale: body.locale,
      delimiter: body.delimiter,
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.types !== undefined ? { types: body.types } : {}),
    },
  };
}
