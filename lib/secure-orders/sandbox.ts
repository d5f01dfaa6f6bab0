import { defineOperation } from "@/lib/core/operation";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { decryptDeliveryCode } from "./code";
import { openDispute } from "./dispute";
import { startOrderPayment, settleSimulatedOrderPayment, type SimulatedOutcome } from "./pay";
import { findSecureOrder, keyLocator } from "./queries";
import { SANDBOX_DISPUTE_REASON } from "./schemas";
import { secureOrderResource } from "./serialize";
import { loadOrder } from "./store";

/**
 * POST /v1/sandbox/secure-orders/{id}/simulate-payment (test keys only): pays the order as the
 * buyer page would — the order's payment attempt is created or resumed and pushed to the
 * simulator — then the simulator answers with `outcome`. Magic numbers decide at initiation,
 * as the operator would (e.g. +22370000002 always fails). Answers the order.
 *
 * Own transactions: the payment is pushed to the simulator and settled as the operator's answer would be, each step committed.
 */
export const simulateSecureOrderPayment = defineOperation({ transaction: "own" }, async function simulateSecureOrderPayment(ctx: DomainContext, id: string, outcome: SimulatedOutcome) {
  const locator = keyLocator(ctx, id);
  await findSecureOrder(ctx, id);
  const { payment } = await startOrderPayment(ctx.db, locator, "api");
  await settleSimulatedOrderPayment(ctx.db, payment, outcome);
  return secureOrderResource((await loadOrder(ctx.db, locator))!.order);
});

/**
 * POST /v1/sandbox/secure-orders/{id}/simulate-dispute (test keys only): the buyer opens a dispute
 * as from the buyer page (openDispute, the same rules: only while the payment is held, refunded
 * instead past the delivery deadline), so an integrator can watch secure_order.disputed and the
 * order wait for Cauri's staff. Answers the order.
 *
 * Own transactions: openDispute commits the dispute, or the refund a passed deadline calls for.
 */
export const simulateSecureOrderDispute = defineOperation({ transaction: "own" }, async function simulateSecureOrderDispute(ctx: DomainContext, id: string, reason: string | null | undefined) {
  return secureOrderResource(await openDispute(ctx.db, keyLocator(ctx, id), reason ?? SANDBOX_DISPUTE_REASON));
});

/** GET /v1/sandbox/secure-orders/{id}/delivery-code (test keys only): the code the buyer page shows. */
export async function sandboxDeliveryCode(ctx: DomainContext, id: string) {
  const { order } = await findSecureOrder(ctx, id);
  if (!order.codeCiphertext) throw new ApiError("NOT_PAID", "This order has not been paid yet: its delivery code is drawn at payment.");
  return { secure_order_id: order.id, reference: order.reference, code: decryptDeliveryCode(order.id, order.codeCiphertext) };
}
