import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type RefundRequest } from "@/db/schema";
import { mailBrand } from "@/lib/branding/brand";
import { maskPhone } from "@/lib/format/phone";
import { enqueueMail } from "@/lib/mail/outbox";
import { CUSTOMER_LOCALE, usableAddress } from "@/lib/notifications/customer-address";
import { enqueueSms } from "@/lib/sms/outbox";

/**
 * An executed refund is told to the customer by text message at the number refunded, with the
 * amount and the operator's reference, in the execution's transaction (the SMS outbox). Not a
 * use the merchant can switch off: the customer must know their money was sent. One per request.
 */
export async function textRefundExecuted(tx: Database, refund: RefundRequest): Promise<void> {
  if (refund.status !== "EXECUTED" || !refund.operatorReference) return;
  const [merchant] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, refund.merchantId));
  await enqueueSms(tx, {
    merchantId: refund.merchantId,
    mode: refund.mode,
    to: refund.customerPhone,
    locale: CUSTOMER_LOCALE,
    template: "refund_executed",
    params: { merchant: merchant.name.slice(0, 60), amount: refund.amount, reference: refund.operatorReference },
    dedupeKey: `refund-executed:${refund.id}`,
  });
}

/**
 * The same news by e-mail, only when the refunded payment carries an address the merchant gave
 * (customer_email): the number refunded may not be the payer's, so no address is looked up
 * elsewhere. In the execution's transaction (the mail outbox); one per request.
 */
export async function mailRefundExecuted(tx: Database, refund: RefundRequest): Promise<boolean> {
  if (refund.status !== "EXECUTED" || !refund.operatorReference || !refund.executedAt) return false;
  const [row] = await tx
    .select({ merchantName: merchants.name, customerEmail: payments.customerEmail })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, refund.paymentId));
  const to = usableAddress(row?.customerEmail);
  if (!row || !to) return false;
  const { created } = await enqueueMail(tx, {
    to,
    locale: CUSTOMER_LOCALE,
    template: "refund_executed",
    params: {
      merchantName: row.merchantName,
      brand: await mailBrand(tx, refund.merchantId),
      mode: refund.mode,
      amount: refund.amount,
      operatorReference: refund.operatorReference,
      paymentReference: refund.paymentId,
      maskedPhone: maskPhone(refund.customerPhone),
      executedAt: refund.executedAt.toISOString(),
    },
    dedupeKey: `refund-executed-mail:${refund.id}`,
  });
  return created;
}
