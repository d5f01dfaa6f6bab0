import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { customers, merchants, type Payment } from "@/db/schema";
import { mailBrand } from "@/lib/branding/brand";
import { enqueueMail } from "@/lib/mail/outbox";
import { CUSTOMER_LOCALE, usableAddress } from "./customer-address";

const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

/**
 * A payment became SUCCESS (lib/payments/settle.ts, in its transaction): a receipt to the
 * customer at the address the merchant gave for this payment (customer_email), else the one it
 * gave for this customer (subscriptions, portal sessions, earlier payments). Public pages never
 * set an address (docs/decisions/public-writes.md), so nobody can route another person's
 * receipts to themselves. Returns whether a message was enqueued now.
 */
export async function mailPaymentReceipt(db: Database, payment: Payment): Promise<boolean> {
  if (payment.status !== "SUCCESS") return false;
  const [row] = await db
    .select({ merchantName: merchants.name, customerEmail: customers.email })
    .from(merchants)
    .leftJoin(customers, and(eq(customers.merchantId, merchants.id), eq(customers.mode, payment.mode), eq(customers.phone, payment.customerPhone)))
    .where(eq(merchants.id, payment.merchantId));
  const to = usableAddress(payment.customerEmail) ?? usableAddress(row?.customerEmail);
  if (!row || !to) return false;
  const { created } = await enqueueMail(db, {
    to,
    locale: CUSTOMER_LOCALE,
    template: "payment_receipt",
    params: {
      merchantName: row.merchantName,
      brand: await mailBrand(db, payment.merchantId),
      mode: payment.mode,
      amount: payment.amount,
      reference: payment.id,
      clientReference: clip(payment.clientReference, 200),
      description: clip(payment.description, 500),
      paidAt: (payment.settledAt ?? payment.updatedAt).toISOString(),
    },
    dedupeKey: `receipt:${payment.id}`,
  });
  return created;
}
