import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { lateCollections, type LateCollection, type Payment } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { log } from "@/lib/log";
import { paymentResource } from "./serialize";

/**
 * Late collections: the operator reports SUCCESS for a payment that had already ended
 * (CANCELLED on the checkout, EXPIRED by the clock, or FAILED earlier). The customer was charged,
 * so the money is never dropped:
 *
 *  - on arrival (recordLateCollection, inside settlePayment's transaction, under the payment's row
 *    lock) one `late_collections` row (status OPEN), the journal `payment.late_collected`
 *    (operator_clearing −amount, late_collections_suspense +amount) and the event
 *    `payment.late_success`; the payment's own status, its events and its other journals do not
 *    change;
 *  - then staff either credit the merchant or refund the customer through support
 *    (./late-collection-staff.ts), each an audited action with its journal.
 *
 * One row per payment (unique payment_id): a duplicated or concurrent late callback finds it and
 * books nothing twice.
 */

export const LATE_COLLECTED_KIND = "payment.late_collected";
export const LATE_SUCCESS_EVENT = "payment.late_success";

/** Statuses a payment can have when a late SUCCESS arrives (a SUCCESS payment has nothing late). */
export const LATE_COLLECTABLE_STATUSES = ["CANCELLED", "EXPIRED", "FAILED"] as const;
const collectable = new Set<string>(LATE_COLLECTABLE_STATUSES);

/**
 * Books the operator's SUCCESS for an ended payment. Call it with the transaction that holds the
 * payment's row lock (settlePayment does): the insert, the journal and the event commit together.
 * A second call for the same payment (a replayed callback, a reconcile racing it) finds the row
 * and changes nothing; `on conflict do nothing` keeps that true even for a caller without the lock.
 */
export async function recordLateCollection(
  tx: Database,
  payment: Payment,
  input: { providerRef: string | null; at: Date },
): Promise<{ lateCollection: LateCollection; created: boolean }> {
  if (!collectable.has(payment.status)) throw new Error(`a late collection needs an ended payment, not ${payment.status}`);
  const [created] = await tx
    .insert(lateCollections)
    .values({
      id: newId("lc"),
      paymentId: payment.id,
      merchantId: payment.merchantId,
      mode: payment.mode,
      amount: payment.amount,
      paymentStatus: payment.status,
      providerRef: input.providerRef ?? payment.providerRef,
      status: "OPEN",
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: lateCollections.paymentId })
    .returning();
  if (!created) {
    const existing = await lateCollectionOf(tx, payment.id);
    if (!existing) throw new Error(`late collection of ${payment.id} vanished`);
    return { lateCollection: existing, created: false };
  }
  await postJournal(tx, {
    merchantId: payment.merchantId,
    mode: payment.mode,
    kind: LATE_COLLECTED_KIND,
    refType: "payment",
    refId: payment.id,
    entries: [
      { account: "operator_clearing", amount: -payment.amount },
      { account: "late_collections_suspense", amount: payment.amount },
    ],
    at: input.at,
  });
  await emitEvent(tx, {
    merchantId: payment.merchantId,
    applicationId: payment.applicationId,
    mode: payment.mode,
    type: LATE_SUCCESS_EVENT,
    object: paymentResource(payment, created),
    at: input.at,
  });
  // Staff act on it from the ops console's queue (or `ops late-collections`).
  log("warn", "late collection recorded", { payment_id: payment.id, late_collection_id: created.id, payment_status: payment.status, amount: payment.amount, mode: payment.mode });
  return { lateCollection: created, created: true };
}

/** The payment's late collection, if the operator collected it after it ended. */
export async function lateCollectionOf(db: Database, paymentId: string): Promise<LateCollection | null> {
  const [row] = await db.select().from(lateCollections).where(eq(lateCollections.paymentId, paymentId)).limit(1);
  return row ?? null;
}
