import type { Database } from "@/db/client";
import type { Payment, PaymentPurpose } from "@/db/schema";
import { onSecureOrderPayment } from "@/lib/secure-orders/hook";
import { paymentLinkHook } from "@/lib/links/hook";
import { subscriptionPaymentHook } from "@/lib/billing/outcome";
import { directPaymentCustomersHook } from "@/lib/billing/customers";
import { invoicePaymentHook } from "@/lib/invoices/hook";

/**
 * What a payment pays for learns its outcome here, in the settlement's transaction: a secure
 * order becomes PAID_HELD, a subscription renews, a link counts the payment, an invoice is paid. Each area adds
 * its hook to this table.
 */
export type PaymentOutcomeHook = (tx: Database, payment: Payment, at: Date) => Promise<void>;

/** A hook over the payments one transaction settled (one, or a sweep's batch), each at its settled_at. */
type PaymentsOutcomeHook = (tx: Database, settled: Payment[]) => Promise<void>;

const oneByOne =
  (hook: PaymentOutcomeHook): PaymentsOutcomeHook =>
  async (tx, settled) => {
    for (const payment of settled) await hook(tx, payment, payment.settledAt ?? payment.updatedAt);
  };

const purposeHooks: Partial<Record<PaymentPurpose, PaymentsOutcomeHook>> = {
  secure_order: oneByOne(onSecureOrderPayment),
  payment_link: oneByOne(paymentLinkHook),
  subscription: oneByOne(subscriptionPaymentHook),
  direct: directPaymentCustomersHook,
  opr: directPaymentCustomersHook,
  invoice: oneByOne(invoicePaymentHook),
};

/** Runs each settled payment's purpose hook, a purpose's payments together. */
export async function runPurposeHooks(tx: Database, settled: Payment[]): Promise<void> {
  const byPurpose = new Map<PaymentPurpose, Payment[]>();
  for (const p of settled) {
    const group = byPurpose.get(p.purpose);
    if (group) group.push(p);
    else byPurpose.set(p.purpose, [p]);
  }
  for (const [purpose, group] of byPurpose) await purposeHooks[purpose]?.(tx, group);
}
