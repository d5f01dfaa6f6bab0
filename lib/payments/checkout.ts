import type { Database } from "@/db/client";
import type { Payment } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { findPaymentPublic } from "./get";
import { initiatePayment } from "./initiate";
import { publicPayment } from "./serialize";
import { settlePayment } from "./settle";

/**
 * What a customer types for their number: "70 00 00 01", "0022370000001" or "+223 70 00 00 01".
 * Eight digits alone are a Malian number (+223). Anything else must be + and 8 to 15 digits.
 */
export function normalizeCustomerPhone(raw: string): string | null {
  let s = raw.replace(/[\s.\-()]/g, "");
  if (s.startsWith("00")) s = `+${s.slice(2)}`;
  if (/^\d{8}$/.test(s)) s = `+223${s}`;
  return /^\+\d{8,15}$/.test(s) ? s : null;
}

/** The hosted checkout page's data: public status plus what the page alone needs. */
export async function checkoutView(db: Database, id: string) {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  return {
    payment: publicPayment(payment, merchantName),
    returnUrl: payment.returnUrl,
    /** Test-mode payment settled by the service's simulator: the page shows the test buttons. */
    simulated: payment.mode === "test" && payment.adapter === "simulator",
  };
}

/**
 * POST /v1/payments/{id}/confirm (public, the hosted checkout): the customer confirms the number
 * the payment was created for, and the collection is pushed to their phone. Initiation is
 * idempotent per payment: a second click, a reload or a concurrent request resumes the same
 * operator session. A payment that is no longer PENDING is answered as it is.
 */
export async function confirmPayment(db: Database, id: string, phone: string) {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  refuseOnsiteRequest(payment);
  if (payment.status !== "PENDING") return publicPayment(payment, merchantName);
  const normalized = normalizeCustomerPhone(phone);
  if (!normalized) throw new ApiError("INVALID_PHONE", undefined, { param: "customer_phone" });
  if (normalized !== (normalizeCustomerPhone(payment.customerPhone) ?? payment.customerPhone)) throw new ApiError("PHONE_MISMATCH", undefined, { param: "customer_phone" });
  return publicPayment(await initiatePayment(db, id), merchantName);
}

/**
 * An OPR payment is paid only with its one-time code (POST /v1/opr/charge): the hosted checkout's
 * confirm would push it without the code, and its cancel would end a request the merchant's site
 * is still completing.
 */
function refuseOnsiteRequest(payment: Payment) {
  if (payment.purpose === "opr") throw new ApiError("OPR_CHECKOUT_NOT_AVAILABLE");
}

/**
 * POST /v1/payments/{id}/cancel (public, the hosted checkout's "Annuler le paiement"): PENDING →
 * CANCELLED, no event (the contract emits no payment.cancelled). Cancelling again answers the
 * cancelled payment; another terminal state is PAYMENT_FINALIZED.
 */
export async function cancelPaymentByCustomer(db: Database, id: string) {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  refuseOnsiteRequest(payment);
  if (payment.status === "CANCELLED") return publicPayment(payment, merchantName);
  if (payment.status !== "PENDING") throw new ApiError("PAYMENT_FINALIZED", `This payment is already ${payment.status}; it can no longer be cancelled.`);
  const { payment: cancelled } = await settlePayment(db, id, { status: "CANCELLED", reason: "Cancelled by the customer on the checkout page." });
  return publicPayment(cancelled, merchantName);
}
