import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { merchants, reconciliationDifferences, reconciliationLines, reconciliationStatements, type ReconciliationDifference, type ReconciliationStatement } from "@/db/schema";
import { input } from "@/lib/core/validation";
import { STATEMENT_PROVIDER, StatementDay } from "./import";

export const ReconciliationDayQuery = input(z.object({ day: StatementDay }), { day: "INVALID_STATEMENT_DAY" });

/** Which resolutions a difference admits: a late collection only for money the operator collected on one of our payments, for our amount. */
export function resolutionsOf(d: Pick<ReconciliationDifference, "kind" | "operatorAmount" | "ourAmount">): ("late_collection" | "error")[] {
  return d.kind === "paid_not_success" && d.operatorAmount === d.ourAmount ? ["late_collection", "error"] : ["error"];
}

export function differenceView(d: ReconciliationDifference, merchantName: string | null) {
  return {
    id: d.id,
    kind: d.kind,
    status: d.status,
    payment_id: d.paymentId,
    merchant_id: d.merchantId,
    merchant_name: merchantName,
    operator_reference: d.operatorRef,
    payment_reference: d.paymentRef,
    operator_amount: d.operatorAmount,
    our_amount: d.ourAmount,
    currency: "XOF" as const,
    // Our payment's status when the statement was imported.
    payment_status: d.paymentStatus,
    resolutions: d.status === "OPEN" ? resolutionsOf(d) : [],
    resolution: d.resolution,
    outcome: d.outcome,
    late_collection_id: d.lateCollectionId,
    resolution_note: d.resolutionNote,
    resolved_by: d.resolvedBy,
    resolved_at: d.resolvedAt?.toISOString() ?? null,
  };
}

export type ReconciliationDifferenceView = ReturnType<typeof differenceView>;

const statementView = (s: ReconciliationStatement) => ({
  id: s.id,
  provider: s.provider,
  day: s.day,
  file_name: s.fileName,
  line_count: s.lineCount,
  imported_by: s.importedBy,
  imported_at: s.importedAt.toISOString(),
});

export type ReconciliationStatementView = ReturnType<typeof statementView>;

export type ReconciliationReport = {
  day: string;
  statement: ReconciliationStatementView | null;
  summary: { lines: number; collected_at_operator: number; differences: number; open: number };
  differences: ReconciliationDifferenceView[];
};

/** The day's report: its statement (or none yet), its totals, and its differences, open ones first. */
export async function reconciliationReport(db: Database, day: string): Promise<ReconciliationReport> {
  const [statement] = await db
    .select()
    .from(reconciliationStatements)
    .where(and(eq(reconciliationStatements.provider, STATEMENT_PROVIDER), eq(reconciliationStatements.day, day)));
  if (!statement) return { day, statement: null, summary: { lines: 0, collected_at_operator: 0, differences: 0, open: 0 }, differences: [] };
  const rows = await db
    .select({ d: reconciliationDifferences, merchantName: merchants.name })
    .from(reconciliationDifferences)
    .leftJoin(merchants, eq(merchants.id, reconciliationDifferences.merchantId))
    .where(eq(reconciliationDifferences.statementId, statement.id))
    .orderBy(asc(reconciliationDifferences.status), asc(reconciliationDifferences.kind), asc(reconciliationDifferences.id));
  const lines = await db.select({ amount: reconciliationLines.amount, status: reconciliationLines.status }).from(reconciliationLines).where(eq(reconciliationLines.statementId, statement.id));
  const differences = rows.map(({ d, merchantName }) => differenceView(d, merchantName));
  return {
    day,
    statement: statementView(statement),
    summary: {
      lines: lines.length,
      collected_at_operator: lines.reduce((sum, l) => sum + (l.status === "SUCCESS" ? l.amount : 0), 0),
      differences: differences.length,
      open: differences.filter((d) => d.status === "OPEN").length,
    },
    differences,
  };
}

/** The latest statements imported, newest day first: the page's list of days. */
export async function recentStatements(db: Database, limit = 31): Promise<ReconciliationStatementView[]> {
  const rows = await db.select().from(reconciliationStatements).where(eq(reconciliationStatements.provider, STATEMENT_PROVIDER)).orderBy(desc(reconciliationStatements.day)).limit(limit);
  return rows.map(statementView);
}
