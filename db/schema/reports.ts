import { sql } from "drizzle-orm";
import { check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

export const REPORT_TYPES = ["payments", "withdrawals", "secure_orders", "subscriptions", "invoices", "balance_transactions", "statement", "refunds"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export type ReportStatus = "PENDING" | "READY" | "FAILED";

/** What a report was asked for, beyond its type and format (lib/books/report-spec.ts). */
export type ReportParams = {
  from: string;
  to: string;
  locale: "fr" | "en";
  delimiter: "," | ";";
  status?: string;
  types?: string[];
};

/**
 * A file of the merchant's books (POST /v1/reports, the dashboard's large exports): asked for
 * PENDING, written by the report-generation job into `report_chunks`, then READY with its size,
 * row count and checksum. A generator claims a report like the mail outbox does (claim_token and
 * a lease), so a crashed generator's report is picked up again and its partial chunks replaced.
 */
export const reports = pgTable(
  "reports",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    type: text("type").$type<ReportType>().notNull(),
    format: text("format").$type<ReportFormat>().notNull(),
    params: jsonb("params").$type<ReportParams>().notNull(),
    status: text("status").$type<ReportStatus>().notNull().default("PENDING"),
    rowCount: integer("row_count"),
    byteSize: integer("byte_size"),
    sha256: text("sha256"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    failureReason: text("failure_reason"),
    requestedBy: text("requested_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    // The file is kept this long after it is ready; then the row stays and its chunks go.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("reports_list_idx").on(t.merchantId, t.mode, t.createdAt),
    index("reports_pending_idx").on(t.createdAt).where(sql`status = 'PENDING'`),
    check("reports_status_check", sql`${t.status} in ('PENDING', 'READY', 'FAILED')`),
    check("reports_format_check", sql`${t.format} in ('csv', 'xlsx', 'pdf')`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A report's bytes in order, in pieces small enough to stream: no shared disk between instances. */
export const reportChunks = pgTable(
  "report_chunks",
  {
    reportId: text("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.seq] })],
);

export type Report = typeof reports.$inferSelect;
