import { defineOperation } from "@/lib/core/operation";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { paymentLinks, payments, type Payment } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { normalizePhone } from "@/lib/phone/parse";
import { linkUrl } from "@/lib/links/serialize";
import { maskPhone } from "@/lib/format/phone";
import { operatorLabel } from "@/lib/operator/port";
import { receiptLinks } from "@/lib/receipts/token";
import { assertInvoicePayable } from "@/lib/invoices/public";
import { findPaymentPublic } from "./get";
import { initiatePayment } from "./initiate";
import { paymentClock, resendWaitSeconds } from "./resend";
import { publicPayment } from "./serialize";
import { settlePayment } from "./settle";

/**
 * What a customer types for their number ("70 00 00 01", "0022370000001", "+223 70 00 00 01"),
 * read by the service's one phone rule (lib/phone/parse.ts): E.164, or null when it is not a
 * phone number.
 */
export function normalizeCustomerPhone(raw: string): string | null {
  return normalizePhone(raw);
}

/**
 * Where a customer can go from a checkout that did not (or cannot) succeed:
 * - `merchantUrl`: the merchant's own page (the payment's return_url), never with status=SUCCESS;
 *   null when the return_url is the link page's own thank-you view (that is us, not the merchant).
 * - `link`: a payment made through a payment link can be started again on the link page with
 *   another number (`/l/{slug}`) while the link takes payments; `null` for a payment created
 *   through the API, which is tied to the phone the merchant gave.
 */
export type CheckoutWayBack = {
  merchantUrl: string | null;
  link: { path: string; open: boolean } | null;
};

async function wayBackOf(db: Database, payment: Payment): Promise<CheckoutWayBack> {
  if (payment.purpose !== "payment_link" || !payment.purposeRef) return { merchantUrl: payment.returnUrl, link: null };
  const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.id, payment.purposeRef)).limit(1);
  if (!link) return { merchantUrl: payment.returnUrl, link: null };
  const ours = payment.returnUrl !== null && payment.returnUrl.startsWith(`${linkUrl(link.slug)}?`);
  // A subscription's link resumes the payment in flight: starting again cannot change the number.
  const open = link.isActive && !link.archivedAt && !link.subscriptionId;
  return { merchantUrl: ours ? null : payment.returnUrl, link: { path: `/l/${link.slug}`, open } };
}

/** The longest description a payment takes (POST /v1/payments): one from metadata is cut to it. */
const DESCRIPTION_MAX = 200;

/**
 * What the checkout shows under the merchant's name: the payment's `description`, else the
 * `metadata.description` that existing client libraries send instead (a non-blank string),
 * else nothing.
 */
function checkoutDescription(payment: Pick<Payment, "description" | "metadata">): string | null {
  if (payment.description) return payment.description;
  const fromMetadata = payment.metadata.description;
  if (typeof fromMetadata !== "string" || fromMetadata.trim() === "") return null;
  return fromMetadata.trim().slice(0, DESCRIPTION_MAX);
}

/** The hosted checkout page's data: public status plus what the page alone needs. */
export async function checkoutView(db: Database, id: string) {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  const now = await paymentClock(db, payment);
  return {
    payment: publicPayment(payment, merchantName),
    /** Whose logo and colour the page shows (lib/branding). */
    merchantId: payment.merchantId,
    description: checkoutDescription(payment),
    returnUrl: payment.returnUrl,
    wayBack: await wayBackOf(db, payment),
    /** Test-mode payment settled by the service's simulator: the page shows the test buttons. */
    simulated: payment.mode === "test" && payment.adapter === "simulator",
    /** Where the receipt will be once the payment succeeds (lib/receipts/): the success screen links to it. */
    receipt: receiptLinks(payment.id),
    /** The number the payment carries, as the page may show it to anyone holding the link: "+223 76 •• •• 33". */
    maskedPhone: maskPhone(payment.customerPhone),
    /** Exactly what the customer's phone shows for this payment (the operator's label, the same one initiation sends). */
    operatorLabel: operatorLabel(merchantName),
    /** Seconds left before expires_at on the merchant's clock, for the countdown the server renders and the script keeps. */
    secondsLeft: Math.max(Math.floor((payment.expiresAt.getTime() - now.getTime()) / 1000), 0),
    /** Seconds before "resend" may be asked (0: now); null when the page offers none. */
    resendWait: resendWaitSeconds(payment, now),
  };
}

/**
 * POST /v1/payments/{id}/confirm (public, the hosted checkout): the customer confirms the number
 * the payment was created for, and the collection is pushed to their phone. `phone` null is the
 * hosted checkout's one tap: the number the payment carries (typed on the link page, or sent by
 * the merchant as customer_phone), which the page shows masked and the customer confirms by
 * paying; it never travels back through the page. Initiation is
 * idempotent per payment: a second click, a reload or a concurrent request resumes the same
 * operator session. A payment that is no longer PENDING is answered as it is.
 *
 * Own transactions: the claim commits before the operator is called, and its answer is recorded when it comes, whatever the caller does next.
 */
export const confirmPayment = defineOperation({ transaction: "own" }, async function confirmPayment(db: Database, id: string, phone: string | null) {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  refuseOnsiteRequest(payment);
  if (payment.status !== "PENDING") return publicPayment(payment, merchantName);
  // An invoice paid or voided since this attempt opened refuses before anything reaches the phone.
  if (payment.purpose === "invoice" && payment.purposeRef) await assertInvoicePayable(db, payment.purposeRef);
  if (phone === null) return publicPayment(await initiatePayment(db, id), merchantName);
  const normalized = normalizeCustomerPhone(phone);
  if (!normalized) throw new ApiError("INVALID_PHONE", undefined, { param: "customer_phone" });
  if (normalized !== (normalizeCustomerPhone(payment.customerPhone) ?? payment.customerPhone)) throw new ApiError("PHONE_MISMATCH", undefined, { param: "customer_phone" });
  return publicPayment(await initiatePayment(db, id), merchantName);
});

/**
 * An OPR payment is paid only with its one-time code (POST /v1/opr/charge): the hosted checkout's
 * confirm would push it without the code, and its cancel would end a request the merchant's site
 * is still completing.
 */
function refuseOnsiteRequest(payment: Payment) {
  if (payment.purpose === "opr") throw new ApiError("OPR_CHECKOUT_NOT_AVAILABLE");
}

/** The collection was pushed to the customer's phone (or is being pushed): only the operator's answer or expiry ends it now. */
export const isInitiated = (payment: Pick<Payment, "initiatedAt" | "operatorSessionId">) => payment.initiatedAt !== null || payment.operatorSessionId !== null;

/**
 * POST /v1/payments/{id}/cancel (public, the hosted checkout's "Annuler le paiement"): PENDING →
 * CANCELLED, no event (the contract emits no payment.cancelled), but only before the collection
 * was pushed to the phone. Once it was (initiated_at, an operator session), the request is on the
 * customer's phone and they could still approve it after a cancel: 409 PAYMENT_ALREADY_INITIATED,
 * nothing changes, and the payment ends when the operator answers or at expires_at.
 * Cancelling again answers the cancelled payment; another terminal state is PAYMENT_FINALIZED.
 *
 * The row is locked while deciding, so a confirm racing this cancel either claims the payment
 * first (this cancel then refuses) or finds it CANCELLED (and pushes nothing).
 *
 * Own transactions: the row lock that orders it against a confirm is held only for the decision.
 */
export const cancelPaymentByCustomer = defineOperation({ transaction: "own" }, async function cancelPaymentByCustomer(db: Database, id: string) {
  const { payment, merchantName } = await findPaymentPublic(db, id);
  refuseOnsiteRequest(payment);
  if (payment.status === "CANCELLED") return publicPayment(payment, merchantName);
  const cancelled = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [current] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
    if (current.status === "CANCELLED") return current;
    if (current.status !== "PENDING") throw new ApiError("PAYMENT_FINALIZED", `This payment is already ${current.status}; it can no longer be cancelled.`);
    if (isInitiated(current)) {
      throw new ApiError(
        "PAYMENT_ALREADY_INITIATED",
        `The payment request is already on the customer's phone; it can no longer be cancelled. The payment ends when the operator answers (the customer approves or declines it) or at expires_at (${current.expiresAt.toISOString()}).`,
      );
    }
    return (await settlePayment(tx, id, { status: "CANCELLED", reason: "Cancelled by the customer on the checkout page." })).payment;
  });
  return publicPayment(cancelled, merchantName);
});
