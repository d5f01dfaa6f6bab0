import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { applications, type Payment, type SecureOrder } from "@/db/schema";
import type { Source } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { insertPayment } from "@/lib/payments/create";
import { expireIfDue } from "@/lib/payments/expire";
import { initiatePayment } from "@/lib/payments/initiate";
import { settlePayment } from "@/lib/payments/settle";
import { currentPayment, loadOrder, lockOrder, notFound, updateOrder, type OrderLocator } from "./store";
import { applyDueTransitions } from "./transitions";

const notPayable = (order: SecureOrder) =>
  new ApiError(
    "ORDER_NOT_PAYABLE",
    order.status === "CREATED" ? "The time to pay this order (pay_before) has passed." : `This order is ${order.status}: it cannot be paid (again).`,
  );

/**
 * The buyer pays (buyer page, sandbox simulate-payment): one payment per attempt, purpose
 * "secure_order", fee 0 on the payment (the order's fee is taken at release). The order's
 * current PENDING payment is reused — a reload, a second click or a concurrent request resumes
 * the same operator session (initiation is idempotent per payment); a new payment is created
 * only after the previous attempt failed or expired. Refused after pay_before or once paid.
 * Settlement (lib/payments/settle.ts) puts the money in escrow and calls the order's hook.
 */
export async function startOrderPayment(db: Database, locator: OrderLocator, source: Source): Promise<{ order: SecureOrder; payment: Payment }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const loaded = await loadOrder(db, locator);
    if (!loaded) throw notFound(locator);
    const fresh = await applyDueTransitions(db, loaded);
    if (fresh.order.status !== "CREATED" || fresh.order.payBefore <= fresh.now) throw notPayable(fresh.order);
    // A stale attempt is settled before the order is locked (payment, then order: settlement's lock order).
    const previous = await currentPayment(db, fresh.order);
    if (previous?.status === "PENDING") await expireIfDue(db, previous, fresh.now);

    const paymentId = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const locked = await lockOrder(tx, locator);
      if (!locked) throw notFound(locator);
      const { order, merchant, now } = locked;
      if (order.status !== "CREATED" || order.payBefore <= now) throw notPayable(order);
      const current = await currentPayment(tx, order);
      if (current?.status === "PENDING") return current.expiresAt > now ? current.id : null;
      if (current?.status === "SUCCESS") return null;
      const [application] = await tx.select().from(applications).where(eq(applications.id, order.applicationId));
      const ctx = { db: tx, merchant, application, mode: order.mode, now, source };
      // A live payment meets the plan's monthly cap here (insertPayment), under the merchant's live_cap lock.
      const payment = await insertPayment(
        ctx,
        {
          amount: order.amount,
          customerPhone: order.customerPhone,
          customerName: order.customerName,
          description: order.description,
          clientReference: order.reference,
          metadata: { secure_order_id: order.id },
          purpose: "secure_order",
          purposeRef: order.id,
          feeTotal: 0,
        },
      );
      await updateOrder(tx, order.id, { paymentIntentId: payment.id, paymentStatus: "PENDING", updatedAt: now });
      return payment.id;
    });
    if (paymentId === null) continue;
    const payment = await initiatePayment(db, paymentId);
    const after = await loadOrder(db, locator);
    return { order: after!.order, payment };
  }
  const loaded = await loadOrder(db, locator);
  throw notPayable(loaded!.order);
}

export type SimulatedOutcome = "SUCCESS" | "FAILED";

/**
 * Settles the order's current simulated payment (test mode, simulator adapter) as the operator
 * would: the sandbox route, and the buyer page's test buttons. A magic number may already have
 * decided the payment at initiation, as it would with the operator: then nothing more changes.
 */
export async function settleSimulatedOrderPayment(db: Database, payment: Payment, outcome: SimulatedOutcome): Promise<void> {
  if (payment.status !== "PENDING") return;
  if (payment.mode !== "test" || payment.adapter !== "simulator") throw new ApiError("PAYMENT_NOT_SIMULATED");
  try {
    await settlePayment(db, payment.id, {
      status: outcome,
      providerRef: payment.providerRef ?? `SIM-${payment.id}`,
      reason: outcome === "FAILED" ? "Simulated failure: the buyer declined the payment (sandbox)." : null,
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "PAYMENT_FINALIZED")) throw error;
  }
}
