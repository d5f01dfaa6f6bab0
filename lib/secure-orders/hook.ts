import type { Database } from "@/db/client";
import type { Payment } from "@/db/schema";
import { log } from "@/lib/log";
import { textDeliveryCode } from "@/lib/notifications/delivery-code-sms";
import { encryptDeliveryCode, hashDeliveryCode, newDeliveryCode } from "./code";
import { emitOrderEvent, lockOrder, updateOrder } from "./store";

/**
 * Settlement of a secure order's payment (runs inside settlePayment's transaction, which has
 * already moved a successful payment's amount into escrow_held). The order mirrors the status
 * of its current payment; a successful one makes it PAID_HELD: the 6-digit code is drawn from
 * the CSPRNG and stored only as an HMAC and a ciphertext, the delivery deadline starts, and
 * secure_order.paid is emitted, and the buyer gets the code by text (lib/notifications). A failed, expired or cancelled payment leaves the order
 * CREATED: the buyer can try again until pay_before.
 */
export const onSecureOrderPayment = async (tx: Database, payment: Payment, at: Date): Promise<void> => {
  if (!payment.purposeRef) return;
  const locked = await lockOrder(tx, { by: "any", id: payment.purposeRef });
  if (!locked) return;
  const { order } = locked;
  if (order.paymentIntentId !== payment.id) {
    if (payment.status === "SUCCESS") log("error", "secure order: a payment that is not the order's current attempt succeeded", { secure_order_id: order.id, payment_id: payment.id });
    return;
  }
  if (payment.status !== "SUCCESS" || order.status !== "CREATED") {
    if (payment.status === "SUCCESS") log("error", "secure order: payment succeeded on an order that is no longer CREATED", { secure_order_id: order.id, payment_id: payment.id, status: order.status });
    await updateOrder(tx, order.id, { paymentStatus: payment.status, updatedAt: at });
    return;
  }
  const code = newDeliveryCode();
  const paid = await updateOrder(tx, order.id, {
    status: "PAID_HELD",
    paymentStatus: "SUCCESS",
    paidAt: at,
    deliveryDeadline: new Date(at.getTime() + order.deliveryWindowHours * 3_600_000),
    codeHash: hashDeliveryCode(order.id, code),
    codeCiphertext: encryptDeliveryCode(order.id, code),
    updatedAt: at,
  });
  await emitOrderEvent(tx, paid, "secure_order.paid", at);
  await textDeliveryCode(tx, paid, code);
};
