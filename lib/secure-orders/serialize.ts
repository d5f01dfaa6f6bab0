import type { SecureOrder } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import type { SecureOrderResource } from "./schemas";

export const buyerUrl = (token: string) => `${publicBaseUrl()}/o/${token}`;
export const deliveryUrl = (token: string) => `${publicBaseUrl()}/d/${token}`;

/** The secure order as a key sees it, and as secure_order.* events carry it. Never the code. */
export function secureOrderResource(o: SecureOrder): SecureOrderResource {
  return {
    id: o.id,
    reference: o.reference,
    status: o.status,
    is_test: o.mode === "test",
    amount: o.amount,
    currency: "XOF",
    amount_charged: o.amount,
    fee_total: o.feeTotal,
    amount_merchant_net: o.amountMerchantNet,
    description: o.description,
    customer_phone: o.customerPhone,
    client_reference: o.clientReference,
    payment_intent_id: o.paymentIntentId,
    payment_status: o.paymentStatus,
    buyer_url: buyerUrl(o.buyerToken),
    delivery_url: deliveryUrl(o.courierToken),
    delivery_window_hours: o.deliveryWindowHours,
    pay_before: o.payBefore.toISOString(),
    delivery_deadline: o.deliveryDeadline?.toISOString() ?? null,
    code_attempts_remaining: o.codeAttemptsRemaining,
    code_locked: o.codeLocked,
    created_at: o.createdAt.toISOString(),
  };
}
