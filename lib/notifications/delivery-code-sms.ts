import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, type SecureOrder } from "@/db/schema";
import { buyerUrl } from "@/lib/secure-orders/serialize";
import { enqueueSms } from "@/lib/sms/outbox";
import { smsUseEnabled } from "@/lib/sms/uses";
import { CUSTOMER_LOCALE } from "./customer-address";

/**
 * A secure order was paid (its settlement's transaction): the buyer gets the delivery code by
 * text, with the buyer page's link, unless the merchant turned this use off. Urgent: the buyer
 * has just paid and may be waiting for it, so quiet hours do not hold it back. One per order.
 */
export async function textDeliveryCode(tx: Database, order: SecureOrder, code: string): Promise<void> {
  if (!(await smsUseEnabled(tx, order.merchantId, "delivery_code"))) return;
  const [merchant] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, order.merchantId));
  await enqueueSms(tx, {
    merchantId: order.merchantId,
    mode: order.mode,
    to: order.customerPhone,
    locale: CUSTOMER_LOCALE,
    template: "delivery_code",
    params: { merchant: merchant.name.slice(0, 60), code, url: buyerUrl(order.buyerToken) },
    dedupeKey: `delivery-code:${order.id}`,
    urgent: true,
  });
}
