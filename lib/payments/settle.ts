import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type LateCollection, type LedgerAccount, type Payment, type PaymentStatus } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import { emitEvent } from "@/lib/events/emit";
import { ApiError } from "@/lib/core/errors";
import { postJournal } from "@/lib/ledger/post";
import { mailPaymentReceipt } from "@/lib/notifications/receipt";
import { textPaymentReceipt } from "@/lib/notifications/receipt-sms";
import type { EventType } from "@/lib/webhooks/event-types";
import { recordLateCollection } from "./late-collection";
import { runPurposeHooks } from "./purpose-hooks";
import { TERMINAL_STATUSES } from "./schemas";
import { paymentResource } from "./serialize";

export type Settlement = {
  status: Exclude<PaymentStatus, "PENDING">;
  providerRef?: string | null;
  reason?: string | null;
};

const EVENT_OF: Partial<Record<PaymentStatus, EventType>> = {
  SUCCESS: "payment.success",
  FAILED: "payment.failed",
  EXPIRED: "payment.expired",
};

export type SettleOptions = {
  /**
   * The operator itself reports this outcome (its callback, its answer to the initiation, a
   * reconcile query): money really moved. Then a SUCCESS for a payment that already ended
   * (CANCELLED, EXPIRED, FAILED) is a late collection, booked in the same transaction
   * (./late-collection.ts), instead of PAYMENT_FINALIZED. The simulator's test buttons and the
   * service's own transitions leave it unset.
   */
  source?: "operator";
};

export type SettleResult = {
  payment: Payment;
  changed: boolean;
  /** Set when an operator SUCCESS arrived for an ended payment; `created` is false for a duplicate. */
  late?: { lateCollection: LateCollection; created: boolean };
};

/**
 * Moves a PENDING payment to a terminal state, exactly once: the row is locked, a terminal
 * payment never changes again, and the ledger journal, the event and the purpose hook commit
 * in the same transaction as the status. Settling again with the same status is a no-op;
 * with another status it is PAYMENT_FINALIZED, except an operator's SUCCESS for an ended
 * payment, which is recorded as a late collection (the payment is answered unchanged).
 */
export async function settlePayment(db: Database, paymentId: string, settlement: Settlement, options: SettleOptions = {}): Promise<SettleResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [row] = await tx
      .select({ payment: payments, offset: merchants.testClockOffsetSeconds })
      .from(payments)
      .innerJoin(merchants, eq(merchants.id, payments.merchantId))
      .where(eq(payments.id, paymentId))
      .for("update", { of: payments });
    if (!row) throw new ApiError("NOT_FOUND", `No payment ${paymentId}.`);
    const current = row.payment;
    if (TERMINAL_STATUSES.has(current.status)) {
      if (current.status === settlement.status) return { payment: current, changed: false };
      if (options.source === "operator" && settlement.status === "SUCCESS") {
        // The customer was charged after the payment ended: held in suspense for staff, never dropped.
        const at = merchantNow({ testClockOffsetSeconds: row.offset }, current.mode);
        const late = await recordLateCollection(tx, current, { providerRef: settlement.providerRef ?? null, at });
        return { payment: current, changed: false, late };
      }
      throw new ApiError("PAYMENT_FINALIZED", `This payment is already ${current.status} and cannot become ${settlement.status}.`);
    }
    const at = merchantNow({ testClockOffsetSeconds: row.offset }, current.mode);
    const [updated] = await tx
      .update(payments)
      .set({
        status: settlement.status,
        providerRef: settlement.providerRef ?? current.providerRef,
        statusReason: settlement.reason ?? null,
        settledAt: at,
        updatedAt: at,
      })
      .where(eq(payments.id, paymentId))
      .returning();

    if (updated.status === "SUCCESS") await postCollection(tx, updated, at);
    const type = EVENT_OF[updated.status];
    if (type) {
      await emitEvent(tx, { merchantId: updated.merchantId, applicationId: updated.applicationId, mode: updated.mode, type, object: paymentResource(updated), at });
    }
    await runPurposeHooks(tx, [updated]);
    // No address to mail it to: by text message (settlement happens once, so false means no address).
    if (updated.status === "SUCCESS" && !(await mailPaymentReceipt(tx, updated))) await textPaymentReceipt(tx, updated);
    return { payment: updated, changed: true };
  });
}

/**
 * A collected payment: the operator owes us the gross. Direct, link and subscription payments
 * credit the merchant's available balance (gross in, fee out to the platform); a secure order's
 * payment is held in escrow whole, its fee taken at release. A partner sale (items[]) is the
 * service's own sale as reference seller: it goes to partner_sales, and the merchant is paid
 * through the monthly royalty instead (lib/partner/royalty.ts), never twice.
 */
async function postCollection(tx: Database, p: Payment, at: Date) {
  const partnerSale = Array.isArray(p.items) && p.items.length > 0;
  const entries = partnerSale
    ? [
        { account: "operator_clearing" as const, amount: -p.amount },
        { account: "partner_sales" as const, amount: p.amount },
      ]
    : p.purpose === "secure_order"
      ? [
          { account: "operator_clearing" as const, amount: -p.amount },
          { account: "escrow_held" as const, amount: p.amount },
        ]
      : merchantCreditEntries("operator_clearing", p.amount, p.feeTotal);
  await postJournal(tx, { merchantId: p.merchantId, mode: p.mode, kind: "payment.collected", refType: "payment", refId: p.id, entries, at });
}

/**
 * A direct payment's split: the gross leaves `from` into the merchant's available balance, and
 * the fee goes from there to the platform. Also the split of a late collection credited by staff
 * (lib/payments/late-collection-staff.ts), from late_collections_suspense.
 */
export function merchantCreditEntries(from: LedgerAccount, amount: number, fee: number): { account: LedgerAccount; amount: number }[] {
  return [
    { account: from, amount: -amount },
    { account: "merchant_available", amount },
    { account: "merchant_available", amount: -fee },
    { account: "platform_fees", amount: fee },
  ];
}
