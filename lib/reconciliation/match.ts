import { and, eq, gte, inArray, lt, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { lateCollections, payments, type LateCollection, type Payment, type ReconciliationDifferenceKind, type ReconciliationLine } from "@/db/schema";
import { dayWindow } from "./statement-csv";

/** A difference before it is stored: what each side said. */
export type FoundDifference = {
  kind: ReconciliationDifferenceKind;
  line: ReconciliationLine | null;
  payment: Payment | null;
};

type Found = { payment: Payment; late: LateCollection | null };

/**
 * The day's comparison, live mode only. Each statement line finds our payment by its
 * payment_reference (our id) when given, else by the operator's reference (payments.provider_ref).
 *
 *  - a SUCCESS line whose payment is SUCCESS matches, unless the amounts differ (amount_mismatch);
 *  - a SUCCESS line whose payment is not SUCCESS is explained only by a late collection staff have
 *    already credited or refunded; otherwise it is paid_not_success;
 *  - a SUCCESS line with no payment is unknown_reference;
 *  - a FAILED line whose payment is SUCCESS, and every payment that became SUCCESS on the day
 *    with no SUCCESS line, are missing_at_operator.
 */
export async function matchStatement(db: Database, provider: string, day: string, lines: ReconciliationLine[]): Promise<FoundDifference[]> {
  const ids = lines.flatMap((l) => (l.paymentRef ? [l.paymentRef] : []));
  const refs = lines.map((l) => l.operatorRef);
  const live = and(eq(payments.mode, "live"), eq(payments.provider, provider));
  const referenced = lines.length
    ? await db
        .select({ payment: payments, late: lateCollections })
        .from(payments)
        .leftJoin(lateCollections, eq(lateCollections.paymentId, payments.id))
        .where(and(live, or(ids.length ? inArray(payments.id, ids) : undefined, inArray(payments.providerRef, refs))))
    : [];
  const byId = new Map<string, Found>();
  const byProviderRef = new Map<string, Found>();
  for (const row of referenced) {
    byId.set(row.payment.id, row);
    if (row.payment.providerRef) byProviderRef.set(row.payment.providerRef, row);
  }

  const differences: FoundDifference[] = [];
  const collected = new Set<string>();
  const flagged = new Set<string>();
  for (const line of lines) {
    const found = line.paymentRef ? (byId.get(line.paymentRef) ?? byProviderRef.get(line.operatorRef)) : byProviderRef.get(line.operatorRef);
    if (line.status === "FAILED") {
      if (found?.payment.status === "SUCCESS") {
        differences.push({ kind: "missing_at_operator", line, payment: found.payment });
        flagged.add(found.payment.id);
      }
      continue;
    }
    if (!found) {
      differences.push({ kind: "unknown_reference", line, payment: null });
      continue;
    }
    collected.add(found.payment.id);
    const { payment, late } = found;
    if (payment.status === "SUCCESS") {
      if (payment.amount !== line.amount) differences.push({ kind: "amount_mismatch", line, payment });
    } else if (!late || late.status === "OPEN") {
      differences.push({ kind: "paid_not_success", line, payment });
    }
  }

  const { from, to } = dayWindow(day);
  const ours = await db
    .select()
    .from(payments)
    .where(and(live, eq(payments.status, "SUCCESS"), gte(payments.settledAt, from), lt(payments.settledAt, to)))
    .orderBy(payments.settledAt, payments.id);
  for (const payment of ours) {
    if (!collected.has(payment.id) && !flagged.has(payment.id)) differences.push({ kind: "missing_at_operator", line: null, payment });
  }
  return differences;
}
