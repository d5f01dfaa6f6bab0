import type { Database } from "@/db/client";
import type { PaymentStatus, SecureOrderStatus } from "@/db/schema";
import { ApiError, type ErrorCode } from "@/lib/core/errors";
import { maskPhone } from "@/lib/format/phone";
import { expireIfDue } from "@/lib/payments/expire";
import { samePhone } from "@/lib/phone/parse";
import { requirePhone } from "@/lib/phone/schema";
import { decryptDeliveryCode } from "./code";
import { confirmDelivery } from "./confirm";
import { openDispute } from "./dispute";
import { settleSimulatedOrderPayment, startOrderPayment, type SimulatedOutcome } from "./pay";
import { currentPayment, loadOrder } from "./store";
import { applyDueTransitions, DEADLINE_REASON } from "./transitions";

/**
 * What the public pages (buyer /o/[token], courier /d/[token]) read and do. Whoever holds a
 * token (192 random bits) acts on that one order, through the same domain functions as the API.
 * The pages' server actions run these steps through the request pipeline, rate-limited per
 * client IP (lib/http/secure-order-actions.ts).
 */

export type BuyerView = {
  reference: string;
  status: SecureOrderStatus;
  amount: number;
  description: string;
  merchantId: string;
  merchantName: string;
  isTest: boolean;
  maskedPhone: string;
  payBefore: string;
  deliveryDeadline: string | null;
  /** Shown only while the money is held and the code not locked: the buyer reads it out to the courier. */
  code: string | null;
  codeLocked: boolean;
  disputeReason: string | null;
  payment: { status: PaymentStatus; reason: string | null; initiated: boolean; simulated: boolean } | null;
};

export async function buyerView(db: Database, token: string): Promise<BuyerView | null> {
  const loaded = await loadOrder(db, { by: "buyer", token });
  if (!loaded) return null;
  const { order, merchant, now } = await applyDueTransitions(db, loaded);
  let payment = await currentPayment(db, order);
  // No attempt is shown as awaiting approval after its expires_at (payments expire on read).
  if (payment?.status === "PENDING") payment = await expireIfDue(db, payment, now);
  const showCode = order.status === "PAID_HELD" && !order.codeLocked && order.codeCiphertext;
  return {
    reference: order.reference,
    status: order.status,
    amount: order.amount,
    description: order.description,
    merchantId: merchant.id,
    merchantName: merchant.name,
    isTest: order.mode === "test",
    maskedPhone: maskPhone(order.customerPhone),
    payBefore: order.payBefore.toISOString(),
    deliveryDeadline: order.deliveryDeadline?.toISOString() ?? null,
    code: showCode ? decryptDeliveryCode(order.id, order.codeCiphertext!) : null,
    codeLocked: order.codeLocked,
    disputeReason: order.disputeReason,
    payment: payment
      ? { status: payment.status, reason: payment.statusReason, initiated: payment.initiatedAt !== null, simulated: payment.mode === "test" && payment.adapter === "simulator" }
      : null,
  };
}

export type CourierView = {
  reference: string;
  status: SecureOrderStatus;
  amount: number;
  merchantId: string;
  isTest: boolean;
  deliveryDeadline: string | null;
  codeLocked: boolean;
  attemptsRemaining: number;
  /** Refunded because the delivery deadline passed (rather than cancelled by the merchant). */
  expired: boolean;
};

export async function courierView(db: Database, token: string): Promise<CourierView | null> {
  const loaded = await loadOrder(db, { by: "courier", token });
  if (!loaded) return null;
  const { order } = await applyDueTransitions(db, loaded);
  return {
    reference: order.reference,
    status: order.status,
    amount: order.amount,
    merchantId: order.merchantId,
    isTest: order.mode === "test",
    deliveryDeadline: order.deliveryDeadline?.toISOString() ?? null,
    codeLocked: order.codeLocked,
    attemptsRemaining: order.codeAttemptsRemaining,
    expired: order.status === "REFUNDED" && order.cancelReason === DEADLINE_REASON,
  };
}

export type ActionResult = { ok: true } | { ok: false; code: ErrorCode; message: string; attemptsRemaining?: number };

/**
 * The buyer confirms their number and the payment is pushed to their phone (or resumed). The
 * number is read by lib/phone, so 76 55 44 33, 76554433, +223 76 55 44 33 and 0022376554433
 * all match an order stored as +22376554433.
 */
export async function payAsBuyer(db: Database, token: string, phone: string): Promise<void> {
  const loaded = await loadOrder(db, { by: "buyer", token });
  if (!loaded) throw new ApiError("NOT_FOUND");
  const typed = requirePhone(phone, { field: "customer_phone", missing: "INVALID_PHONE" });
  if (!samePhone(typed, loaded.order.customerPhone)) throw new ApiError("PHONE_MISMATCH", undefined, { param: "customer_phone" });
  await startOrderPayment(db, { by: "buyer", token }, "public");
}

/** Test mode only: the buyer page's simulator buttons settle the current simulated payment. */
export async function simulateAsBuyer(db: Database, token: string, outcome: SimulatedOutcome): Promise<void> {
  const loaded = await loadOrder(db, { by: "buyer", token });
  if (!loaded) throw new ApiError("NOT_FOUND");
  const payment = await currentPayment(db, loaded.order);
  if (!payment) throw new ApiError("NOT_PAID");
  await settleSimulatedOrderPayment(db, payment, outcome);
}

export const disputeAsBuyer = (db: Database, token: string, reason: string) => openDispute(db, { by: "buyer", token }, reason);

/** The courier page: the same confirmDelivery as the API. */
export async function confirmAsCourier(db: Database, token: string, code: string): Promise<void> {
  const trimmed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(trimmed)) throw new ApiError("INVALID_CODE_FORMAT", undefined, { param: "code" });
  await confirmDelivery(db, { by: "courier", token }, trimmed);
}

/** The wrong-code attempts the courier has left (0 for an unknown token). */
export async function courierAttemptsRemaining(db: Database, token: string): Promise<number> {
  const loaded = await loadOrder(db, { by: "courier", token });
  return loaded?.order.codeAttemptsRemaining ?? 0;
}
