import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { payments, type Payment, type PaymentCheckKind } from "@/db/schema";
import { systemNow } from "@/lib/clock";
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
import { finishCheck, operatorErrorText, startCheck, type CheckAnswer } from "./recheck-records";
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

const reload = async (db: Database, id: string): Promise<Payment> => (await db.select().from(payments).where(eq(payments.id, id)).limit(1))[0]!;

async function settleOrCurrent(db: Database, id: string, settlement: Parameters<typeof settlePayment>[2], options?: SettleOptions): Promise<{ payment: Payment; changed: boolean }> {
  try {
    // An operator SUCCESS for a payment that ended meanwhile is recorded as a late collection (settlePayment), answered unchanged.
    return await settlePayment(db, id, settlement, options);
  } catch (error) {
    // Settled otherwise meanwhile (a callback, the checkout, the sweep): report what is stored.
    if (error instanceof ApiError && error.code === "PAYMENT_FINALIZED") {
      log("warn", "reconcile found the payment settled otherwise", { payment_id: id, wanted: settlement.status });
      return { payment: await reload(db, id), changed: false };
    }
    throw error;
  }
}

export type OperatorCheck = {
  payment: Payment;
  operatorStatus: ReconcileResult["operator_status"];
  action: Action;
  changed: boolean;
  /** The operator could not be asked and the payment is still PENDING: reconcile answers it as 502. */
  failure: unknown;
};

/**
 * The one way the service asks the operator where a PENDING payment stands and applies the answer:
 * POST /v1/payments/{id}/reconcile (and the dashboard's button) and the recheck job
 * (./recheck.ts) both run it, so an automatic check settles, fails or expires a payment exactly
 * as a merchant's reconcile would. The operator's SUCCESS or FAILED is applied even after
 * expires_at (money the customer paid is never lost to the expiry clock); a payment still pending
 * at the operator, or whose operator cannot be asked, after expires_at becomes EXPIRED, with its
 * event. If the payment ended meanwhile (a cancel, the sweep) and the operator says SUCCESS, that
 * is a late collection (./late-collection.ts). Every question is recorded in payment_checks
 * (started before the operator is asked, its answer after), on the payment's timeline. Runs
 * outside any transaction: the operator is never asked inside one. `now` is the merchant's time.
 */
export async function checkWithOperator(db: Database, payment: Payment, now: Date, check: { kind: Exclude<PaymentCheckKind, "push">; id?: string }): Promise<OperatorCheck> {
  const startedReal = systemNow().getTime();
  const checkId = check.id ?? (await startCheck(db, payment, check.kind, now))!;
  const done = async (result: OperatorCheck, answer: Omit<CheckAnswer, "action">) => {
    await finishCheck(db, checkId, { ...answer, action: result.action }, now, startedReal);
    return result;
  };

  let outcome: CollectionOutcome | null = null;
  let failure: unknown = null;
  try {
    outcome = await operatorAdapter(payment.adapter).queryCollection(payment.operatorSessionId, payment.id);
  } catch (error) {
    if (error instanceof OperatorError && error.kind === "not_found") outcome = { status: "PENDING", providerRef: null, reason: NOTHING_AT_OPERATOR };
    else failure = error;
  }
  const heard = { operatorStatus: outcome?.status ?? null, reason: outcome?.reason ?? null, error: failure ? operatorErrorText(failure) : null };

  if (outcome && outcome.status !== "PENDING") {
    const { payment: settled, changed } = await settleOrCurrent(db, payment.id, { status: outcome.status, providerRef: outcome.providerRef, reason: outcome.reason }, { source: "operator" });
    return done({ payment: settled, operatorStatus: outcome.status, action: changed ? "settled" : "none", changed, failure: null }, heard);
  }

  if (payment.expiresAt <= now) {
    const { payment: expired, changed } = await settleOrCurrent(db, payment.id, { status: "EXPIRED", reason: EXPIRED_REASON });
    return done({ payment: expired, operatorStatus: outcome?.status ?? null, action: changed ? "expired" : "none", changed, failure: null }, heard);
  }

  if (failure) {
    await db.update(payments).set({ statusReason: operatorFailureReason(failure) }).where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
    log("warn", "operator status query failed", { payment_id: payment.id, adapter: payment.adapter, check: check.kind, error: failure instanceof Error ? failure.message : String(failure) });
    return done({ payment: await reload(db, payment.id), operatorStatus: null, action: "none", changed: false, failure }, heard);
  }

  const [pending] = await db
    .update(payments)
    .set({ statusReason: outcome?.reason ?? payment.statusReason })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")))
    .returning();
  const current = pending ?? (await reload(db, payment.id));
  return done({ payment: current, operatorStatus: "PENDING", action: "none", changed: current.status !== payment.status, failure: null }, heard);
}

/**
 * POST /v1/payments/{id}/reconcile: asks the operator for the collection's state and applies it
 * (checkWithOperator, recorded as a manual check). A terminal payment is answered as is (the
 * operator is not asked, nothing is recorded). An operator that cannot be asked leaves the payment
 * PENDING and answers 502 PROVIDER_ERROR, unless expires_at has passed, in which case the payment
 * expires as on any read. Its own transactions: the operator is asked outside any, and the reason
 * of a failed query and the check are kept although the answer is an error (lib/core/operation.ts).
 */
export const reconcilePayment = defineOperation({ transaction: "own" }, async function reconcilePayment(ctx: DomainContext, id: string): Promise<ReconcileResult> {
  const payment = await loadPayment(ctx, id);
  const previous = payment.status;
  if (TERMINAL_STATUSES.has(previous)) {
    return resultOf(ctx, payment, previous, null, "none", false);
  }
  const checked = await checkWithOperator(ctx.db, payment, ctx.now, { kind: "manual" });
  if (checked.failure) {
    const failure = checked.failure;
    throw new ApiError("PROVIDER_ERROR", `${failure instanceof OperatorError ? failure.message : "The operator could not be reached."} The payment stays PENDING; reconcile again later.`);
  }
  return resultOf(ctx, checked.payment, previous, checked.operatorStatus, checked.action, checked.changed);
});
