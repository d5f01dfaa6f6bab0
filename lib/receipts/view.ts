import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type Payment } from "@/db/schema";
import { maskPhone } from "@/lib/format/phone";
import { paymentIdOfReceiptToken, receiptLinks } from "./token";

/**
 * What a receipt shows, and only that: anyone holding its URL can read it (the customer forwards
 * it), so the phone is masked and nothing the merchant keeps to itself (metadata, fees, customer
 * name or e-mail, return_url) appears.
 *
 * Its references: `reference` is the payment id, the one number both the customer and the
 * merchant's dashboard and API know, so it is what a customer quotes to the merchant;
 * `merchantReference` is the merchant's own client_reference (an order number) when it gave one;
 * `operatorReference` is the operator's provider_ref, what the customer's mobile-money
 * statement shows.
 */
export type ReceiptView = {
  /** Whose logo and colour the page shows (lib/branding); not shown as text. */
  merchantId: string;
  merchantName: string;
  amount: number;
  /** When the payment succeeded (ISO 8601); pages show it in Bamako time. */
  paidAt: string;
  reference: string;
  merchantReference: string | null;
  operatorReference: string | null;
  description: string | null;
  /** Masked: `+223 76 •• •• 33`. */
  customerPhone: string;
  livemode: boolean;
  /** The page's path (`/r/{token}`) and full URL (shared), and the PDF's path. */
  path: string;
  url: string;
  pdfPath: string;
};

type ReceiptPayment = Pick<Payment, "id" | "merchantId" | "amount" | "settledAt" | "updatedAt" | "clientReference" | "providerRef" | "description" | "customerPhone" | "mode">;

/** The receipt of a SUCCESS payment; the caller checks the status. */
export function receiptViewOf(payment: ReceiptPayment, merchantName: string): ReceiptView {
  const { path, url } = receiptLinks(payment.id);
  return {
    merchantId: payment.merchantId,
    merchantName,
    amount: payment.amount,
    paidAt: (payment.settledAt ?? payment.updatedAt).toISOString(),
    reference: payment.id,
    merchantReference: payment.clientReference,
    operatorReference: payment.providerRef,
    description: payment.description,
    customerPhone: maskPhone(payment.customerPhone),
    livemode: payment.mode === "live",
    path,
    url,
    pdfPath: `${path}/pdf`,
  };
}

/**
 * A receipt by its token: null for a token the service did not make, an unknown payment, or a
 * payment that did not succeed (a receipt proves a payment; there is none to prove before SUCCESS).
 */
export async function receiptByToken(db: Database, token: string): Promise<ReceiptView | null> {
  const id = paymentIdOfReceiptToken(token);
  if (!id) return null;
  const [row] = await db
    .select({ payment: payments, merchantName: merchants.name })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, id))
    .limit(1);
  if (!row || row.payment.status !== "SUCCESS") return null;
  return receiptViewOf(row.payment, row.merchantName);
}
