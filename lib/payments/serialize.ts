import type { LateCollection, Payment, RefundRequest } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { maskPhone } from "@/lib/log";
import { paymentRefunds } from "@/lib/refunds/serialize";
import type { createdPaymentSchema, lateCollectionSchema, paymentListItemSchema, PaymentResource, publicPaymentSchema } from "./schemas";
import type { z } from "zod";

export const checkoutUrl = (paymentId: string) => `${publicBaseUrl()}/checkout/${paymentId}`;

/** A late collection as the payment object's `late_collection` shows it. */
export const lateCollectionView = (l: LateCollection): z.infer<typeof lateCollectionSchema> => ({
  id: l.id,
  status: l.status,
  amount: l.amount,
  provider_ref: l.providerRef,
  created_at: l.createdAt.toISOString(),
  resolved_at: l.resolvedAt?.toISOString() ?? null,
});

type CustomerFields = Pick<Payment, "customerPhone" | "customerName" | "customerEmail">;

/** The flat customer_* fields as the nested `customer` client libraries read (`data.customer.phone`). */
export const customerView = (p: CustomerFields): PaymentResource["customer"] => ({ phone: p.customerPhone, name: p.customerName, email: p.customerEmail });

/**
 * The payment as a key sees it; also the `data` of payment events. `late` is the
 * payment's late collection: only a CANCELLED, EXPIRED or FAILED payment can have one, so a
 * caller serving such a payment loads it (paymentResourceOf / paymentResourcesOf in
 * ./late-collection); for a PENDING or SUCCESS payment null is always right. `refunds` are its
 * refund requests: only a SUCCESS payment can have any, and none when it has just settled.
 */
export function paymentResource(p: Payment, late: LateCollection | null = null, refunds: RefundRequest[] = []): PaymentResource {
  return {
    id: p.id,
    reference_id: p.id,
    status: p.status,
    amount: p.amount,
    currency: "XOF",
    payment_method: "OPERATOR_MONEY",
    redirect_url: checkoutUrl(p.id),
    gateway_used: p.gatewayUsed,
    routing_reason: p.routingReason,
    expires_at: p.expiresAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    provider: "OPERATOR_MONEY",
    provider_ref: p.providerRef,
    customer_phone: p.customerPhone,
    customer_name: p.customerName,
    customer_email: p.customerEmail,
    customer: customerView(p),
    country: (p.country as PaymentResource["country"]) ?? null,
    description: p.description,
    return_url: p.returnUrl,
    client_reference: p.clientReference,
    metadata: p.metadata,
    items: (p.items as PaymentResource["items"]) ?? null,
    fee_total: p.feeTotal,
    status_reason: p.statusReason,
    initiated_at: p.initiatedAt?.toISOString() ?? null,
    livemode: p.mode === "live",
    late_collection: late ? lateCollectionView(late) : null,
    refunds: paymentRefunds(p, refunds),
  };
}

export type CreatedPayment = z.infer<typeof createdPaymentSchema>;

/** The creation's answer, from the row as decided before it is written (lib/payments/create.ts): the payment object's fields a creation shows. */
export function createdPayment(p: Pick<Payment, "id" | "status" | "amount" | "gatewayUsed" | "routingReason" | "expiresAt" | "createdAt" | "feeTotal"> & CustomerFields): CreatedPayment {
  return {
    id: p.id,
    reference_id: p.id,
    customer: customerView(p),
    status: p.status,
    amount: p.amount,
    currency: "XOF",
    payment_method: "OPERATOR_MONEY",
    redirect_url: checkoutUrl(p.id),
    gateway_used: p.gatewayUsed,
    routing_reason: p.routingReason,
    expires_at: p.expiresAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    fee_total: p.feeTotal,
  };
}

export function publicPayment(p: Payment, merchantName: string): z.infer<typeof publicPaymentSchema> {
  return {
    id: p.id,
    reference_id: p.id,
    status: p.status,
    amount: p.amount,
    currency: "XOF",
    payment_method: "OPERATOR_MONEY",
    expires_at: p.expiresAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    description: p.description,
    status_reason: p.statusReason,
    initiated_at: p.initiatedAt?.toISOString() ?? null,
    livemode: p.mode === "live",
    customer_phone: maskPhone(p.customerPhone) ?? "",
    merchant_name: merchantName,
  };
}

export const paymentListItem = (p: Pick<Payment, "id" | "status" | "amount" | "createdAt"> & CustomerFields): z.infer<typeof paymentListItemSchema> => ({
  id: p.id,
  reference_id: p.id,
  status: p.status,
  amount: p.amount,
  currency: "XOF",
  customer: customerView(p),
  created_at: p.createdAt.toISOString(),
});
