import type { Invoice } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { dayOf } from "./days";
import type { InvoiceResource } from "./schemas";

export const hostedInvoiceUrl = (token: string) => `${publicBaseUrl()}/i/${token}`;
export const invoicePdfUrl = (token: string) => `${publicBaseUrl()}/i/${token}/pdf`;

/** OPEN past its due date (on the merchant's clock) reads OVERDUE; the stored state stays OPEN. */
export function invoiceStatus(invoice: Pick<Invoice, "status" | "dueDate">, now: Date): InvoiceResource["status"] {
  if (invoice.status === "OPEN" && invoice.dueDate !== null && dayOf(now) > invoice.dueDate) return "OVERDUE";
  return invoice.status;
}

/** The invoice as a key sees it, and as invoice.* events carry it. `now` is the merchant's clock in the invoice's mode. */
export function invoiceResource(i: Invoice, now: Date): InvoiceResource {
  const final = i.status !== "DRAFT";
  const paid = i.status === "PAID" ? i.total : 0;
  return {
    id: i.id,
    object: "invoice",
    number: i.number,
    status: invoiceStatus(i, now),
    livemode: i.mode === "live",
    currency: "XOF",
    customer_phone: i.customerPhone,
    customer_name: i.customerName,
    customer_email: i.customerEmail,
    lines: i.lines,
    total: i.total,
    amount_paid: paid,
    amount_due: i.status === "OPEN" || i.status === "DRAFT" ? i.total : 0,
    due_date: i.dueDate,
    notes: i.notes,
    locale: i.locale,
    reminder_days: i.reminderDays,
    next_reminder_on: i.status === "OPEN" ? i.nextReminderOn : null,
    client_reference: i.clientReference,
    metadata: i.metadata,
    hosted_invoice_url: final ? hostedInvoiceUrl(i.token) : null,
    pdf_url: final ? invoicePdfUrl(i.token) : null,
    sent_channels: i.sentChannels,
    payment_id: i.paymentId,
    finalized_at: i.finalizedAt?.toISOString() ?? null,
    paid_at: i.paidAt?.toISOString() ?? null,
    voided_at: i.voidedAt?.toISOString() ?? null,
    void_reason: i.voidReason,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}
