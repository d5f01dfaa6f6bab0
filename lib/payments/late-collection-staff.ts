import { and, asc, desc, eq, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { lateCollections, merchants, payments, type LateCollection, type LateCollectionStatus, type LedgerAccount, type Payment } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { merchantNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { postJournal } from "@/lib/ledger/post";
import { LATE_COLLECTION_STATUSES } from "./schemas";
import { merchantCreditEntries } from "./settle";

/**
 * The staff side of late collections (./late-collection.ts): the queue, and the two ways out of
 * late_collections_suspense, each from OPEN only, with a required note, its ledger journal and
 * its audit row in one transaction (the ops console and `ops late-collections` call these):
 *
 *  - credit: the merchant is paid as for a direct payment: suspense −amount, merchant_available
 *    +amount −fee_total, platform_fees +fee_total (journal payment.late_credited);
 *  - refund: support pays the customer back: suspense −amount, customer_refunds +amount
 *    (journal payment.late_refunded).
 *
 * Both journals are keyed (kind, payment id), so neither can be posted twice for one payment.
 */

export const LATE_CREDITED_KIND = "payment.late_credited";
export const LATE_REFUNDED_KIND = "payment.late_refunded";

export type LateCollectionDecision = "credit" | "refund";

export const StaffLateCollectionQuery = input(z.object({ status: z.enum(LATE_COLLECTION_STATUSES).optional() }));
export const LateCollectionNoteInput = input(z.object({ note: z.string().trim().min(3).max(500) }));

/** A late collection as the ops queue and CLI show it: whose, how much, what the operator said, and what the payment was. */
export function staffLateCollectionView(l: LateCollection, p: Pick<Payment, "feeTotal" | "purpose" | "items" | "status" | "clientReference">, merchantName: string) {
  const fee = Math.min(p.feeTotal, l.amount);
  return {
    id: l.id,
    status: l.status,
    payment_id: l.paymentId,
    merchant_id: l.merchantId,
    merchant_name: merchantName,
    mode: l.mode,
    amount: l.amount,
    currency: "XOF" as const,
    // What a credit would move: the payment's own fee, like a normal collection.
    fee,
    net_amount: l.amount - fee,
    provider_ref: l.providerRef,
    // The payment's status when the SUCCESS arrived (it never changes afterwards).
    payment_status: l.paymentStatus,
    payment_purpose: p.purpose,
    partner_sale: Array.isArray(p.items) && p.items.length > 0,
    client_reference: p.clientReference,
    created_at: l.createdAt.toISOString(),
    resolved_at: l.resolvedAt?.toISOString() ?? null,
    resolved_by: l.resolvedBy,
    resolution_note: l.resolutionNote,
  };
}

export type StaffLateCollectionView = ReturnType<typeof staffLateCollectionView>;

/** The queue across merchants: OPEN ones oldest first (nobody waits forever), resolved ones newest first. */
export async function listLateCollections(db: Database, filter: { status?: LateCollectionStatus; merchantId?: string; limit?: number } = {}): Promise<StaffLateCollectionView[]> {
  const status = filter.status ?? "OPEN";
  const where: SQL[] = [eq(lateCollections.status, status)];
  if (filter.merchantId) where.push(eq(lateCollections.merchantId, filter.merchantId));
  const rows = await db
    .select({ l: lateCollections, p: payments, merchantName: merchants.name })
    .from(lateCollections)
    .innerJoin(payments, eq(payments.id, lateCollections.paymentId))
    .innerJoin(merchants, eq(merchants.id, lateCollections.merchantId))
    .where(and(...where))
    .orderBy(...(status === "OPEN" ? [asc(lateCollections.createdAt), asc(lateCollections.id)] : [desc(lateCollections.resolvedAt), desc(lateCollections.id)]))
    .limit(Math.min(filter.limit ?? 200, 500));
  return rows.map(({ l, p, merchantName }) => staffLateCollectionView(l, p, merchantName));
}

function requiredNote(value: string | undefined | null): string {
  const v = value?.trim() ?? "";
  if (!v) throw new ApiError("MISSING_FIELD", "note is required: say why (e.g. the customer confirmed the purchase, or asked for a refund).", { param: "note" });
  if (v.length < 3 || v.length > 500) throw new ApiError("INVALID_FIELD", "note must be 3 to 500 characters.", { param: "note" });
  return v;
}

/**
 * One resolution: the row is locked and must be OPEN (a second resolution, concurrent or later,
 * is 409 LATE_COLLECTION_RESOLVED), then the update, the journal and the audit row commit together.
 * `ref` is the late collection's id or its payment's id.
 */
async function resolve(db: Database, ref: string, decision: LateCollectionDecision, note: string | undefined | null, actor: Actor): Promise<StaffLateCollectionView> {
  const text = requiredNote(note);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [current] = await tx
      .select()
      .from(lateCollections)
      .where(or(eq(lateCollections.id, ref), eq(lateCollections.paymentId, ref)))
      .limit(1)
      .for("update");
    if (!current) throw new ApiError("NOT_FOUND", `No late collection ${ref}.`);
    const [owner] = await tx
      .select({ p: payments, merchantName: merchants.name, offset: merchants.testClockOffsetSeconds })
      .from(payments)
      .innerJoin(merchants, eq(merchants.id, payments.merchantId))
      .where(eq(payments.id, current.paymentId));
    if (current.status !== "OPEN") {
      throw new ApiError("LATE_COLLECTION_RESOLVED", `This late collection is already ${current.status}${current.resolvedBy ? ` (by ${current.resolvedBy})` : ""}; only an OPEN one can be credited or refunded.`);
    }
    const at = merchantNow({ testClockOffsetSeconds: owner.offset }, current.mode);
    const status: LateCollectionStatus = decision === "credit" ? "CREDITED" : "REFUNDED";
    const [updated] = await tx
      .update(lateCollections)
      .set({ status, resolutionNote: text, resolvedBy: actor.staffId, resolvedAt: at })
      .where(eq(lateCollections.id, current.id))
      .returning();
    const fee = Math.min(owner.p.feeTotal, current.amount);
    // A secure order's or a partner sale's payment is credited like a direct payment too: the order
    // or the sale ended without it (no escrow to hold, no royalty counts a payment that is not
    // SUCCESS), so the merchant is paid directly, less the payment's fee. Staff who would rather
    // not (e.g. a secure order the buyer no longer wants) refund instead.
    const entries: { account: LedgerAccount; amount: number }[] =
      decision === "credit"
        ? merchantCreditEntries("late_collections_suspense", current.amount, fee)
        : [
            { account: "late_collections_suspense", amount: -current.amount },
            { account: "customer_refunds", amount: current.amount },
          ];
    await postJournal(tx, {
      merchantId: current.merchantId,
      mode: current.mode,
      kind: decision === "credit" ? LATE_CREDITED_KIND : LATE_REFUNDED_KIND,
      refType: "payment",
      refId: current.paymentId,
      entries,
      at,
    });
    const before = staffLateCollectionView(current, owner.p, owner.merchantName);
    const after = staffLateCollectionView(updated, owner.p, owner.merchantName);
    await recordAudit(tx, { actor, merchantId: current.merchantId, action: `late_collection.${decision}`, targetType: "late_collection", targetId: current.id, before, after });
    return after;
  });
}

/** Staff: the customer meant to pay (or the merchant delivered): credit the merchant's available balance, less the payment's fee. */
export const creditLateCollection = (db: Database, ref: string, input: { note: string }, actor: Actor) => resolve(db, ref, "credit", input.note, actor);

/** Staff: support pays the customer back; the merchant's balance does not move. */
export const refundLateCollection = (db: Database, ref: string, input: { note: string }, actor: Actor) => resolve(db, ref, "refund", input.note, actor);
