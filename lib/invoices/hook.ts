import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { invoices, type Payment } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import { log } from "@/lib/log";
import { invoiceResource } from "./serialize";
import { recordActivity } from "./store";

/**
 * Purpose hook for "invoice" payments, in the settlement's transaction: a SUCCESS makes the
 * invoice PAID (only from OPEN, so exactly once: event invoice.paid), an attempt that ends
 * otherwise goes on its timeline and the invoice stays payable.
 */
export async function invoicePaymentHook(tx: Database, payment: Payment, at: Date): Promise<void> {
  if (!payment.purposeRef) return;
  if (payment.status === "SUCCESS") {
    const [paid] = await tx
      .update(invoices)
      .set({ status: "PAID", paidAt: at, paymentId: payment.id, nextReminderOn: null, updatedAt: at })
      .where(and(eq(invoices.id, payment.purposeRef), eq(invoices.status, "OPEN")))
      .returning();
    if (!paid) {
      // One attempt at a time and no void while one is pushed make this unreachable; the money is booked either way.
      log("warn", "invoice payment succeeded for an invoice that is not open", { invoice_id: payment.purposeRef, payment_id: payment.id });
      return;
    }
    await recordActivity(tx, paid.id, "paid", at, { detail: { payment_id: payment.id } });
    await emitEvent(tx, { merchantId: paid.merchantId, applicationId: paid.applicationId, mode: paid.mode, type: "invoice.paid", object: invoiceResource(paid, at), at });
    return;
  }
  await recordActivity(tx, payment.purposeRef, "payment_failed", at, { detail: { payment_id: payment.id, status: payment.status, reason: payment.statusReason } });
}
