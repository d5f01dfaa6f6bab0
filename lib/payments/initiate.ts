import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type Payment } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/core/errors";
import { OperatorError, operatorLabel } from "@/lib/operator/port";
import { operatorAdapter } from "@/lib/operator/registry";
import { operatorErrorText, recordPush } from "./recheck-records";
import { settlePayment } from "./settle";

const RETRY_HINT = "The payment stays PENDING: confirming again on the checkout or reconciling retries it.";

/** A status_reason a merchant can act on; never the raw error of a library. */
export function operatorFailureReason(error: unknown): string {
  return error instanceof OperatorError ? `${error.message} ${RETRY_HINT}` : `The operator could not be reached. ${RETRY_HINT}`;
}

/**
 * Pushes the collection to the customer's phone, once per payment. The first caller claims the
 * payment (initiated_at); a reload, a second click or a concurrent request finds it claimed and
 * resumes the same operator session instead of starting a second collection. An operator that
 * cannot be reached leaves the payment PENDING with a reason, unclaimed, so a later attempt or
 * reconciliation can finish it.
 */
export async function initiatePayment(db: Database, paymentId: string): Promise<Payment> {
  const [owner] = await db
    .select({ name: merchants.name, offset: merchants.testClockOffsetSeconds, mode: payments.mode })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, paymentId));
  const at = owner ? merchantNow({ testClockOffsetSeconds: owner.offset }, owner.mode) : new Date();
  const [claimed] = await db
    .update(payments)
    .set({ initiatedAt: at, updatedAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "PENDING"), isNull(payments.initiatedAt)))
    .returning();
  if (!claimed) {
    const [current] = await db.select().from(payments).where(eq(payments.id, paymentId));
    return current;
  }
  try {
    const outcome = await operatorAdapter(claimed.adapter).initiateCollection({
      reference: claimed.id,
      amount: claimed.amount,
      currency: "XOF",
      customerPhone: claimed.customerPhone,
      label: operatorLabel(owner?.name ?? ""),
      mode: claimed.mode,
    });
    // The session is recorded even if a callback settled the payment while we waited for this answer.
    const [withSession] = await db
      .update(payments)
      .set({
        operatorSessionId: outcome.sessionId,
        providerRef: sql`coalesce(${payments.providerRef}, ${outcome.providerRef})`,
        statusReason: sql`case when ${payments.status} = 'PENDING' then ${outcome.reason ?? null} else ${payments.statusReason} end`,
      })
      .where(eq(payments.id, claimed.id))
      .returning();
    // On the payment's timeline (lib/payments/recheck-records.ts): the push and the operator's answer to it.
    await recordPush(db, claimed, at, { operatorStatus: outcome.status, reason: outcome.reason, action: outcome.status === "PENDING" ? "none" : "settled" });
    if (outcome.status === "PENDING") return withSession;
    // The operator's own answer. If the payment ended while we waited (cancelled on the checkout, expired), a
    // SUCCESS is a late collection: settlePayment records it and answers the payment unchanged.
    try {
      return (await settlePayment(db, claimed.id, { status: outcome.status, providerRef: outcome.providerRef, reason: outcome.reason }, { source: "operator" })).payment;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "PAYMENT_FINALIZED")) throw error;
      // A FAILED for a payment that ended otherwise meanwhile: nothing moved, the stored state stands.
      log("info", "operator initiation answer disagrees with a terminal payment", { payment_id: claimed.id, operator_status: outcome.status });
      return (await db.select().from(payments).where(eq(payments.id, claimed.id)))[0];
    }
  } catch (error) {
    log("warn", "operator initiation failed", { payment_id: claimed.id, adapter: claimed.adapter, error: error instanceof Error ? error.message : String(error) });
    await recordPush(db, claimed, at, { operatorStatus: null, error: operatorErrorText(error), action: "none" });
    const [released] = await db
      .update(payments)
      .set({ initiatedAt: null, statusReason: operatorFailureReason(error) })
      .where(and(eq(payments.id, claimed.id), eq(payments.status, "PENDING")))
      .returning();
    return released ?? (await db.select().from(payments).where(eq(payments.id, claimed.id)))[0];
  }
}
