import { defineOperation } from "@/lib/core/operation";
import type { Database } from "@/db/client";
import type { Payment } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { findPayment, findPaymentPublic } from "./get";
import { TERMINAL_STATUSES } from "./schemas";
import { paymentResource, publicPayment } from "./serialize";
import { settlePayment } from "./settle";

export type SimulatedOutcome = "SUCCESS" | "FAILED";

const SIMULATED_FAILURE = "Simulated failure: the customer declined the payment (sandbox).";

/** Settles a simulator-handled payment as the operator would; shared by the sandbox route and the checkout's test buttons. */
async function settleSimulated(db: Database, payment: Payment, outcome: SimulatedOutcome): Promise<Payment> {
  if (payment.mode !== "test" || payment.adapter !== "simulator") {
    throw new ApiError("PAYMENT_NOT_SIMULATED", `Payment ${payment.id} goes through the ${payment.adapter === "sandbox" ? "operator's test environment" : "operator"}, not the simulator; its outcome comes from the operator.`);
  }
  if (TERMINAL_STATUSES.has(payment.status)) throw new ApiError("PAYMENT_FINALIZED", `This payment is already ${payment.status}; a simulated outcome cannot change it.`);
  const settled = await settlePayment(db, payment.id, {
    status: outcome,
    providerRef: payment.providerRef ?? `SIM-${payment.id}`,
    reason: outcome === "FAILED" ? SIMULATED_FAILURE : null,
  });
  // A concurrent simulation got there first with the same outcome: terminal all the same.
  if (!settled.changed) throw new ApiError("PAYMENT_FINALIZED", `This payment is already ${settled.payment.status}; a simulated outcome cannot change it.`);
  return settled.payment;
}

/** POST /v1/sandbox/payments/{id}/simulate (test keys only). *
 * Own transactions: settlement commits in its own transaction, and an expiry found on the way commits even when the answer is 409.
 */
export const simulatePayment = defineOperation({ transaction: "own" }, async function simulatePayment(ctx: DomainContext, id: string, outcome: SimulatedOutcome) {
  return paymentResource(await settleSimulated(ctx.db, await findPayment(ctx, id), outcome));
});

/** The hosted checkout's test-mode buttons: anyone holding the checkout URL of a simulated test payment. *
 * Own transactions: the same settlement as simulatePayment.
 */
export const simulateFromCheckout = defineOperation({ transaction: "own" }, async function simulateFromCheckout(db: Database, id: string, outcome: SimulatedOutcome) {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  return publicPayment(await settleSimulated(db, payment, outcome), merchantName);
});
