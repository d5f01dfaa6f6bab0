import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { reconciliationDifferences, reconciliationLines, reconciliationStatements, type ReconciliationLine, type ReconciliationStatement } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { newId } from "@/lib/ids";
import { matchStatement } from "./match";
import { parseStatementCsv } from "./statement-csv";

/** The one operator whose statements are reconciled today (payments.provider). */
export const STATEMENT_PROVIDER = "OPERATOR_MONEY";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

export const StatementDay = z.string().refine(realDay, "must be a calendar date YYYY-MM-DD");

export const StatementImportInput = input(
  z.object({
    day: StatementDay,
    // Its size is the parser's to judge (STATEMENT_TOO_LARGE, in bytes); the edge caps the body at 1 MB.
    csv: z.string().min(1),
    file_name: z.string().trim().max(200).optional(),
  }),
  { day: "INVALID_STATEMENT_DAY", csv: { missing: "INVALID_STATEMENT_CSV", invalid: "INVALID_STATEMENT_CSV" } },
);

export type StatementImport = z.output<typeof StatementImportInput.schema>;

/** Bamako keeps UTC all year, so the local day is the UTC date. */
export const bamakoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The day a page opens on: an operator's statement arrives the morning after, so yesterday's. */
export const statementDayBefore = (at: Date) => bamakoDay(new Date(at.getTime() - 86_400_000));

export type ImportOutcome = { statement: ReconciliationStatement; outcome: "created" | "replaced" | "unchanged" };

/**
 * Imports the operator's statement for one day (docs/decisions/reconciliation.md): parses it
 * strictly, stores its lines and the differences found against our live payments, and audits the
 * import. The day's row is locked first, so two imports of one day run one after the other:
 *
 *  - the same file again (same SHA-256) changes nothing and answers the statement as it is;
 *  - another file replaces the lines and differences while none is resolved yet, and is refused
 *    (409 STATEMENT_DAY_RESOLVED) once staff have resolved one, whose decision read the old file.
 */
export async function importStatement(db: Database, body: StatementImport, actor: Actor, now: Date): Promise<ImportOutcome> {
  if (body.day > bamakoDay(now)) throw new ApiError("INVALID_STATEMENT_DAY", "day is in the future: the operator cannot have settled it yet.", { param: "day" });
  const parsed = parseStatementCsv(body.csv, body.day);
  const hash = createHash("sha256").update(body.csv).digest("hex");

  // Holds the (provider, day) key for the transaction, whether or not a statement exists yet.
  await db.insert(reconciliationStatements).values({ id: newId("rst"), ...statementFields(body, hash, parsed.length, actor, now) }).onConflictDoNothing();
  const [current] = await db
    .select()
    .from(reconciliationStatements)
    .where(and(eq(reconciliationStatements.provider, STATEMENT_PROVIDER), eq(reconciliationStatements.day, body.day)))
    .for("update");
  const fresh = (await db.select({ id: reconciliationLines.id }).from(reconciliationLines).where(eq(reconciliationLines.statementId, current.id)).limit(1)).length === 0;

  let outcome: ImportOutcome["outcome"] = "created";
  let statement = current;
  if (!fresh) {
    if (current.contentHash === hash) return { statement: current, outcome: "unchanged" };
    const resolved = await db
      .select({ id: reconciliationDifferences.id })
      .from(reconciliationDifferences)
      .where(and(eq(reconciliationDifferences.statementId, current.id), eq(reconciliationDifferences.status, "RESOLVED")))
      .limit(1);
    if (resolved.length) throw new ApiError("STATEMENT_DAY_RESOLVED");
    await db.delete(reconciliationDifferences).where(eq(reconciliationDifferences.statementId, current.id));
    await db.delete(reconciliationLines).where(eq(reconciliationLines.statementId, current.id));
    [statement] = await db.update(reconciliationStatements).set(statementFields(body, hash, parsed.length, actor, now)).where(eq(reconciliationStatements.id, current.id)).returning();
    outcome = "replaced";
  }

  const lines: ReconciliationLine[] = [];
  for (const chunk of chunks(parsed)) {
    const rows = chunk.map((l) => ({ id: newId("rsl"), statementId: statement.id, lineNo: l.lineNo, operatorRef: l.operatorRef, paymentRef: l.paymentRef, amount: l.amount, status: l.status, occurredAt: l.occurredAt }));
    lines.push(...(await db.insert(reconciliationLines).values(rows).returning()));
  }
  const differences = await matchStatement(db, STATEMENT_PROVIDER, body.day, lines);
  for (const chunk of chunks(differences)) {
    await db.insert(reconciliationDifferences).values(
      chunk.map((d) => ({
        id: newId("rcd"),
        statementId: statement.id,
        kind: d.kind,
        lineId: d.line?.id ?? null,
        paymentId: d.payment?.id ?? null,
        merchantId: d.payment?.merchantId ?? null,
        operatorRef: d.line?.operatorRef ?? d.payment?.providerRef ?? null,
        paymentRef: d.line?.paymentRef ?? d.payment?.id ?? null,
        operatorAmount: d.line?.amount ?? null,
        ourAmount: d.payment?.amount ?? null,
        paymentStatus: d.payment?.status ?? null,
        createdAt: now,
      })),
    );
  }
  await recordAudit(db, {
    actor,
    action: outcome === "created" ? "reconciliation_statement.import" : "reconciliation_statement.replace",
    targetType: "reconciliation_statement",
    targetId: statement.id,
    before: outcome === "replaced" ? { content_hash: current.contentHash, line_count: current.lineCount, file_name: current.fileName } : null,
    after: { day: statement.day, provider: statement.provider, content_hash: hash, line_count: parsed.length, file_name: statement.fileName, differences: differences.length },
  });
  return { statement, outcome };
}

// PostgreSQL binds at most 65,535 parameters a statement: a full statement is written in parts.
function chunks<T>(items: T[], size = 1_000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function statementFields(body: StatementImport, hash: string, lineCount: number, actor: Actor, now: Date) {
  return { provider: STATEMENT_PROVIDER, day: body.day, fileName: body.file_name || null, contentHash: hash, lineCount, importedBy: actor.staffId, importedAt: now };
}

