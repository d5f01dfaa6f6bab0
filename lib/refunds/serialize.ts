import type { Payment, RefundRequest } from "@/db/schema";
import { ACTIVE_REFUND_STATUSES, type PaymentRefunds, type RefundRequestResource } from "./schemas";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The refund request as the API, the dashboard and the payment object show it; also its audit rows' before/after. */
export function refundRequestResource(r: RefundRequest): RefundRequestResource {
  return {
    id: r.id,
    object: "refund_request",
    payment_id: r.paymentId,
    amount: r.amount,
    currency: "XOF",
    status: r.status,
    reason: r.reason,
    note: r.note,
    customer_phone: r.customerPhone,
    staff_note: r.staffNote,
    operator_reference: r.operatorReference,
    livemode: r.mode === "live",
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    approved_at: iso(r.approvedAt),
    executed_at: iso(r.executedAt),
    refused_at: iso(r.refusedAt),
    cancelled_at: iso(r.cancelledAt),
  };
}

/** What an audit row keeps of a request: no phone number (never a full number in logs). */
export function refundAuditView(r: RefundRequest): Record<string, unknown> {
  return { payment_id: r.paymentId, amount: r.amount, status: r.status, reason: r.reason, staff_note: r.staffNote, operator_reference: r.operatorReference, mode: r.mode };
}

const active = new Set<string>(ACTIVE_REFUND_STATUSES);

/** The payment object's `refunds` from its requests (newest first). */
export function paymentRefunds(payment: Pick<Payment, "status" | "amount">, rows: RefundRequest[]): PaymentRefunds {
  const held = rows.filter((r) => active.has(r.status)).reduce((s, r) => s + r.amount, 0);
  return {
    amount_refunded: rows.filter((r) => r.status === "EXECUTED").reduce((s, r) => s + r.amount, 0),
    amount_refundable: payment.status === "SUCCESS" ? Math.max(0, payment.amount - held) : 0,
    requests: [...rows].sort((a, b) => (a.id < b.id ? 1 : -1)).map(refundRequestResource),
  };
}
