import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, type Payment } from "@/db/schema";
import { receiptLinks } from "@/lib/receipts/token";
import { enqueueSms } from "@/lib/sms/outbox";
import { smsUseEnabled } from "@/lib/sms/uses";
import { CUSTOMER_LOCALE } from "./customer-address";

/**
 * A payment became SUCCESS and its customer left no e-mail (lib/notifications/receipt.ts sent
 * nothing): the receipt goes by text message instead, its link to the receipt page
 * (lib/receipts), unless the merchant turned this use off. A secure order's buyer gets the
 * delivery code instead (./delivery-code-sms.ts), not two messages. One per payment.
 */
export async function textPaymentReceipt(tx: Database, payment: Payment): Promise<void> {
  if (payment.status !== "SUCCESS" || payment.purpose === "secure_order") return;
  if (!(await smsUseEnabled(tx, payment.merchantId, "payment_receipt"))) return;
  const [merchant] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, payment.merchantId));
  await enqueueSms(tx, {
    merchantId: payment.merchantId,
    mode: payment.mode,
    to: payment.customerPhone,
    locale: CUSTOMER_LOCALE,
    template: "payment_receipt",
    params: { merchant: merchant.name.slice(0, 60), amount: payment.amount, url: receiptLinks(payment.id).url },
    dedupeKey: `receipt-sms:${payment.id}`,
  });
}
