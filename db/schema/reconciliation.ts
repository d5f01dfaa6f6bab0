import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PaymentStatus } from "./payments";

/** What the operator's statement says of one transaction. */
export type StatementLineStatus = "SUCCESS" | "FAILED";

/**
 * What the day's comparison found (lib/reconciliation/match.ts):
 *  - paid_not_success: the operator collected, our payment is not SUCCESS (a candidate late collection);
 *  - unknown_reference: the operator collected for a reference we cannot find among live payments;
 *  - missing_at_operator: SUCCESS with us, absent from the statement or FAILED there;
 *  - amount_mismatch: SUCCESS on both sides, for different amounts.
 */
export type ReconciliationDifferenceKind = "paid_not_success" | "unknown_reference" | "missing_at_operator" | "amount_mismatch";
export type ReconciliationDifferenceStatus = "OPEN" | "RESOLVED";
export type ReconciliationResolution = "late_collection" | "error";
/** What a late-collection resolution did (lib/reconciliation/resolve.ts). */
export type ReconciliationOutcome = "settled" | "credited" | "already_success" | "already_credited" | "already_refunded";

/**
 * One operator statement per (provider, day), a day in Africa/Bamako (UTC+0) time. A re-import of
 * the same file is answered with the statement as it is; another file replaces it only while none
 * of its differences is resolved (docs/decisions/reconciliation.md).
 */
export const reconciliationStatements = pgTable(
  "reconciliation_statements",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    fileName: text("file_name"),
    // SHA-256 of the file as uploaded: the same file again changes nothing.
    contentHash: text("content_hash").notNull(),
    lineCount: integer("line_count").notNull(),
    importedBy: text("imported_by").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("reconciliation_statements_day_idx").on(t.provider, t.day)],
);

export type ReconciliationStatement = typeof reconciliationStatements.$inferSelect;

export const reconciliationLines = pgTable(
  "reconciliation_lines",
  {
    id: text("id").primaryKey(),
    statementId: text("statement_id").notNull(),
    // The line's number in the file (the header is line 1), as staff find it in their spreadsheet.
    lineNo: integer("line_no").notNull(),
    operatorRef: text("operator_ref").notNull(),
    paymentRef: text("payment_ref"),
    amount: integer("amount").notNull(),
    status: text("status").$type<StatementLineStatus>().notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("reconciliation_lines_operator_ref_idx").on(t.statementId, t.operatorRef)],
);

export type ReconciliationLine = typeof reconciliationLines.$inferSelect;

/**
 * A difference found when the statement was imported, kept with what both sides said then, and
 * resolved once by staff (late collection or error, with a note; audited).
 */
export const reconciliationDifferences = pgTable(
  "reconciliation_differences",
  {
    id: text("id").primaryKey(),
    statementId: text("statement_id").notNull(),
    kind: text("kind").$type<ReconciliationDifferenceKind>().notNull(),
    lineId: text("line_id"),
    paymentId: text("payment_id"),
    merchantId: text("merchant_id"),
    operatorRef: text("operator_ref"),
    paymentRef: text("payment_ref"),
    operatorAmount: integer("operator_amount"),
    ourAmount: integer("our_amount"),
    paymentStatus: text("payment_status").$type<PaymentStatus>(),
    status: text("status").$type<ReconciliationDifferenceStatus>().notNull().default("OPEN"),
    resolution: text("resolution").$type<ReconciliationResolution>(),
    // What a late-collection resolution did: settled a PENDING payment, credited the late collection, or found it already done.
    outcome: text("outcome").$type<ReconciliationOutcome>(),
    lateCollectionId: text("late_collection_id"),
    resolutionNote: text("resolution_note"),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("reconciliation_differences_statement_idx").on(t.statementId, t.status)],
);

export type ReconciliationDifference = typeof reconciliationDifferences.$inferSelect;
