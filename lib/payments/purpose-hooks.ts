import type { Database } from "@/db/client";
import type { Payment, PaymentPurpose } from "@/db/schema";
import { onSecureOrderPayment } from "@/lib/secure-orders/hook";
import { paymentLinkHook } from "@/lib/links/hook";
import { subscriptionPaymentHook } from "@/lib/billing/outcome";
import { directPaymentCustomerHook } from "@/lib/billing/customers";

/**
 * What a payment pays for learns its outcome here, in the settlement's transaction: a secure
 * order becomes PAID_HELD, a subscription renews, a link counts the payment. Each area adds
 * its hook to this table.
 */
export type PaymentOutcomeHook = (tx: Database, payment: Payment, at: Date) => Promise<void>;

export const purposeHooks: Partial<Record<PaymentPurpose, PaymentOutcomeHook>> = {
  secure_order: onSecureOrderPayment,
  payment_link: paymentLinkHook,
  subscription: subscriptionPaymentHook,
  direct: directPaymentCustomerHook,
  opr: directPaymentCustomerHook,
};
