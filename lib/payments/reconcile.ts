import { and, eq } from "drizzle-orm";
import { payments, type Payment } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { log } from "@/lib/log";
import { OperatorError, type CollectionOutcome } from "@/lib/operator/port";
import { operatorAdapter } from "@/lib/operator/registry";
import { EXPIRED_REASON } from "./expire";
import { loadPayment } from "./get";
import { operatorFailureReason } from "./initiate";
import { TERMINAL_STATUSES, type reconcileResultSchema } from "./schemas";
import { paymentResourceOf } from "./resource";
import { settlePayment, type SettleOptions } from "./settle";
import type { z } from "zod";

type ReconcileResult = z.infer<typeof reconcileResultSchema>;
type Action = ReconcileResult["action"];

/** `updated` says whether this reconciliation itself moved the status (settled or expired); `new_status` is where it stands now. */
async function resultOf(ctx: DomainContext, payment: Payment, previous: Payment["status"], operatorStatus: ReconcileResult["operator_status"], action: Action, changed: boolean): Promise<ReconcileResult> {
  return {
    payment: await paymentResourceOf(ctx.db, payment),
    previous_status: previous,
    operator_status: operatorStatus,
    action,
    changed,
    updated: action !== "none",
    new_status: payment.status,
  };
}

const NOTHING_AT_OPERATOR = "The operator has no collection for this payment yet: the customer has not confirmed it on the checkout.";

async function settleOrCurrent(ctx: DomainContext, id: string, settlement: Parameters<typeof settlePayment>[2], options?: SettleOptions): Promise<{ payment: Payment; changed: boolean }> {
  try {
    // An operator SUCCESS for a payment that ended meanwhile is recorded as a late collection (settlePayment), answered unchanged.
    return await settlePayment(ctx.db, id, settlement, options);
  } catch (error) {
    // Settled otherwise meanwhile (a callback, the checkout, the sweep): report what is stored.
    if (error instanceof ApiError && error.code === "PAYMENT_FINALIZED") {
      log("warn", "reconcile found the payment settled otherwise", { payment_id: id, wanted: settlement.status });
      return { payment: await loadPayment(ctx, id), changed: false };
    }
    throw error;
  }
}

/**
 * POST /v1/payments/{id}/reconcile: asks the operator for the collection's state and applies it.
 * A terminal payment is answered as is (the operator is not asked). The operator's SUCCESS or
 * FAILED is applied even after expires_at (money the customer paid is never lost to the expiry
 * clock); a payment still pending at the operator after expires_at becomes EXPIRED, with its
 * event. An operator that cannot be asked leaves the payment PENDING and answers 502
 * PROVIDER_ERROR, unless expires_at has passed, in which case the payment expires as on any read.
 * If the payment ended meanwhile (a cancel, the sweep) and the operator says SUCCESS, that is a
 * late collection (./late-collection.ts): recorded once, the payment answered unchanged with its
 * late_collection. Its own transactions: the operator is asked outside any, and the reason of a
 * failed query is kept although the answer is an error (lib/core/operation.ts).
 */
export const reconcilePayment = defineOperation({ transaction: "own" }, async function reconcilePayment(ctx: DomainContext, id: string): Promise<ReconcileResult> {
  const payment = await loadPayment(ctx, id);
  const previous = payment.status;
  if (TERMINAL_STATUSES.has(previous)) {
    return resultOf(ctx, payment, previous, null, "none", false);
  }

  let outcome: CollectionOutcome | null = null;
  let failure: unknown = null;
  try {
    outcome = await operatorAdapter(payment.adapter).queryCollection(payment.operatorSessionId, payment.id);
  } catch (error) {
    if (error instanceof OperatorError && error.kind === "not_found") outcome = { status: "PENDING", providerRef: null, reason: NOTHING_AT_OPERATOR };
    else failure = error;
  }

  if (outcome && outcome.status !== "PENDING") {
    const { payment: settled, changed } = await settleOrCurrent(ctx, id, { status: outcome.status, providerRef: outcome.providerRef, reason: outcome.reason }, { source: "operator" });
    return resultOf(ctx, settled, previous, outcome.status, changed ? "settled" : "none", changed);
  }

  if (payment.expiresAt <= ctx.now) {
    const { payment: expired, changed } = await settleOrCurrent(ctx, id, { status: "EXPIRED", reason: EXPIRED_REASON });
    return resultOf(ctx, expired, previous, outcome?.status ?? null, changed ? "expired" : "none", changed);
  }

  if (failure) {
    const reason = operatorFailureReason(failure);
    await ctx.db.update(payments).set({ statusReason: reason }).where(and(eq(payments.id, id), eq(payments.status, "PENDING")));
    log("warn", "reconcile: operator query failed", { payment_id: id, adapter: payment.adapter, error: failure instanceof Error ? failure.message : String(failure) });
    throw new ApiError("PROVIDER_ERROR", `${failure instanceof OperatorError ? failure.message : "The operator could not be reached."} The payment stays PENDING; reconcile again later.`);
  }

  const [pending] = await ctx.db
    .update(payments)
    .set({ statusReason: outcome?.reason ?? payment.statusReason })
    .where(and(eq(payments.id, id), eq(payments.status, "PENDING")))
    .returning();
  const current = pending ?? (await loadPayment(ctx, id));
  return resultOf(ctx, current, previous, "PENDING", "none", current.status !== previous);
});
