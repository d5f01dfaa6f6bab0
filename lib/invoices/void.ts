import { eq } from "drizzle-orm";
import { payments, type Payment } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { emitEvent } from "@/lib/events/emit";
import { isInitiated } from "@/lib/payments/checkout";
import { EXPIRED_REASON } from "@/lib/payments/expire";
import { settlePayment } from "@/lib/payments/settle";
import { invoiceResource } from "./serialize";
import { assertState, findInvoice, lockInvoice, recordActivity, saveInvoice } from "./store";

/**
 * POST /v1/invoices/{id}/void: OPEN → VOID, event invoice.voided; voiding again answers the
 * voided invoice. A payment of it already on the customer's phone blocks the void until it ends
 * (the customer could approve it after); one opened but not pushed yet is cancelled with it.
 * The payment is locked before the invoice, the order settlement takes them in, so a void and
 * the operator's answer never wait on each other.
 */
export async function voidInvoice(ctx: DomainContext, id: string, body: { reason?: string | null }) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const seen = await findInvoice(ctx, id);
    let payment: Payment | undefined;
    if (seen.paymentId) [payment] = await ctx.db.select().from(payments).where(eq(payments.id, seen.paymentId)).for("update");
    const invoice = await lockInvoice(ctx, id);
    // A payment attempt started between the two reads: look again with its lock.
    if (invoice.paymentId !== seen.paymentId) continue;
    if (invoice.status === "VOID") return invoiceResource(invoice, ctx.now);
    if (invoice.status === "DRAFT") throw new ApiError("INVOICE_IS_DRAFT", "A draft has no number yet: delete it (DELETE /v1/invoices/{id}) instead of voiding it.");
    assertState(invoice, "OPEN");
    if (payment?.status === "PENDING") {
      if (isInitiated(payment) && payment.expiresAt > ctx.now) {
        throw new ApiError("INVOICE_PAYMENT_IN_PROGRESS", `A payment of this invoice (${payment.id}) is on the customer's phone; void it after that payment ends, at the latest at ${payment.expiresAt.toISOString()}.`);
      }
      await settlePayment(ctx.db, payment.id, isInitiated(payment) ? { status: "EXPIRED", reason: EXPIRED_REASON } : { status: "CANCELLED", reason: "The invoice was voided before the payment was pushed." });
    }
    const saved = await saveInvoice(ctx.db, id, { status: "VOID", voidedAt: ctx.now, voidReason: body.reason || null, nextReminderOn: null, updatedAt: ctx.now });
    await recordActivity(ctx.db, id, "voided", ctx.now, { detail: body.reason ? { reason: body.reason } : {} });
    const resource = invoiceResource(saved, ctx.now);
    await emitEvent(ctx.db, { merchantId: ctx.merchant.id, applicationId: saved.applicationId, mode: ctx.mode, type: "invoice.voided", object: resource, at: ctx.now });
    return resource;
  }
  throw new ApiError("INVOICE_PAYMENT_IN_PROGRESS", "Payments of this invoice keep starting while it is being voided; try again in a moment.");
}
