import type { Database } from "@/db/client";
import type { Subscription } from "@/db/schema";
import type { SubscriptionPaymentDueResource } from "@/lib/billing/schemas";
import { enqueueSms } from "@/lib/sms/outbox";
import { smsUseEnabled } from "@/lib/sms/uses";
import { CUSTOMER_LOCALE } from "./customer-address";

export type PaymentDueText = {
  subscription: Pick<Subscription, "merchantId" | "mode" | "customerPhone">;
  merchantName: string;
  due: Pick<SubscriptionPaymentDueResource, "payment_id" | "payment_url" | "amount_due">;
};

const byRecipient = (a: PaymentDueText, b: PaymentDueText) =>
  a.subscription.merchantId.localeCompare(b.subscription.merchantId) || a.subscription.customerPhone.localeCompare(b.subscription.customerPhone) || a.due.payment_id.localeCompare(b.due.payment_id);

/**
 * The billing cycle opened periods' payments and announced them (subscription.payment_due, in
 * the same transaction): each subscriber gets the amount and that payment's hosted checkout by
 * text too, unless the merchant turned this use off. Keyed by the payment, so each attempt (the
 * period's first, then each retry's new payment) sends one message, and a cycle run again sends
 * none. Not urgent: a cycle that bills at night waits for the end of quiet hours. Written in
 * (merchant, number) order: each enqueue holds its recipient's lock to the end of the cycle's
 * transaction, and two runners taking them in one order never wait on each other in a cycle.
 */
export async function textSubscriptionPaymentsDue(tx: Database, texts: PaymentDueText[]): Promise<void> {
  const enabled = new Map<string, boolean>();
  for (const { subscription, merchantName, due } of [...texts].sort(byRecipient)) {
    const merchantId = subscription.merchantId;
    if (!enabled.has(merchantId)) enabled.set(merchantId, await smsUseEnabled(tx, merchantId, "subscription_payment_due"));
    if (!enabled.get(merchantId)) continue;
    await enqueueSms(tx, {
      merchantId,
      mode: subscription.mode,
      to: subscription.customerPhone,
      locale: CUSTOMER_LOCALE,
      template: "subscription_payment_due",
      params: { merchant: merchantName.slice(0, 60), amount: due.amount_due, url: due.payment_url },
      dedupeKey: `subscription-due:${due.payment_id}`,
    });
  }
}
