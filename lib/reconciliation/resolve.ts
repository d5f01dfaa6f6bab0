import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { merchants, reconciliationDifferences, type ReconciliationDifference, type ReconciliationOutcome } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { creditLateCollection } from "@/lib/payments/late-collection-staff";
import { settlePayment } from "@/lib/payments/settle";
import { differenceView, resolutionsOf, type ReconciliationDifferenceView } from "./report";

export const ResolveDifferenceInput = input(
  z.object({
    resolution: z.enum(["late_collection", "error"]),
    note: z.string().trim().min(3).max(500),
  }),
  { resolution: "INVALID_RESOLUTION", note: "INVALID_RESOLUTION_NOTE" },
);

export type ResolveDifference = z.output<typeof ResolveDifferenceInput.schema>;

/**
 * Resolves one difference, once: its row is locked and must be OPEN (a second resolution,
 * concurrent or later, is 409 RECONCILIATION_DIFFERENCE_RESOLVED).
 *
 *  - error: staff's note says what was wrong (a statement line, our record); no money moves;
 *  - late_collection (paid_not_success only): the statement is the operator's own word that it
 *    collected, so it goes through the path an operator callback takes (settlePayment, source
 *    operator): a PENDING payment is settled SUCCESS and credited as any collection; an ended one
 *    gets its late collection (or finds the one already recorded), which is then credited through
 *    the late-collection queue's own credit if still OPEN. One already credited or refunded there
 *    is left as it is: the merchant is never credited twice.
 *
 * Everything commits in the caller's transaction, with an audit row for the difference (and the
 * late collection's own when it is credited).
 */
export async function resolveDifference(db: Database, id: string, body: ResolveDifference, actor: Actor, now: Date): Promise<ReconciliationDifferenceView> {
  const [current] = await db.select().from(reconciliationDifferences).where(eq(reconciliationDifferences.id, id)).for("update");
  if (!current) throw new ApiError("NOT_FOUND", `No reconciliation difference ${id}.`);
  if (current.status !== "OPEN") {
    throw new ApiError("RECONCILIATION_DIFFERENCE_RESOLVED", `This difference is already resolved as ${current.resolution}${current.resolvedBy ? ` (by ${current.resolvedBy})` : ""}.`);
  }
  if (!resolutionsOf(current).includes(body.resolution)) throw new ApiError("RESOLUTION_NOT_APPLICABLE", undefined, { param: "resolution" });

  let outcome: ReconciliationOutcome | null = null;
  let lateCollectionId: string | null = null;
  if (body.resolution === "late_collection") ({ outcome, lateCollectionId } = await collectLate(db, current, body.note, actor));

  const [updated] = await db
    .update(reconciliationDifferences)
    .set({ status: "RESOLVED", resolution: body.resolution, outcome, lateCollectionId, resolutionNote: body.note, resolvedBy: actor.staffId, resolvedAt: now })
    .where(eq(reconciliationDifferences.id, current.id))
    .returning();
  const merchantName = current.merchantId ? ((await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, current.merchantId)))[0]?.name ?? null) : null;
  const before = differenceView(current, merchantName);
  const after = differenceView(updated, merchantName);
  await recordAudit(db, {
    actor,
    merchantId: current.merchantId,
    action: `reconciliation_difference.${body.resolution}`,
    targetType: "reconciliation_difference",
    targetId: current.id,
    before,
    after,
  });
  return after;
}

async function collectLate(db: Database, d: ReconciliationDifference, note: string, actor: Actor): Promise<{ outcome: ReconciliationOutcome; lateCollectionId: string | null }> {
  const settled = await settlePayment(db, d.paymentId!, { status: "SUCCESS", providerRef: d.operatorRef }, { source: "operator" });
  if (settled.changed) return { outcome: "settled", lateCollectionId: null };
  if (!settled.late) return { outcome: "already_success", lateCollectionId: null };
  const late = settled.late.lateCollection;
  if (late.status !== "OPEN") return { outcome: late.status === "CREDITED" ? "already_credited" : "already_refunded", lateCollectionId: late.id };
  await creditLateCollection(db, late.id, { note }, actor);
  return { outcome: "credited", lateCollectionId: late.id };
}
