import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, refundRequests, type LedgerAccount, type RefundRequest, type RefundRequestStatus } from "@/db/schema";
import { contextActor, recordAudit, type Actor } from "@/lib/audit/record";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError, type ErrorCode } from "@/lib/core/errors";
import { postJournal } from "@/lib/ledger/post";
import { mailRefundExecuted, textRefundExecuted } from "./notify";
import { refundAuditView } from "./serialize";

type Step = {
  from: readonly RefundRequestStatus[];
  to: RefundRequestStatus;
  /** The refusal when the request is in another status. */
  refused: ErrorCode;
  patch: (at: Date) => Partial<typeof refundRequests.$inferInsert>;
  /** The ledger movement of this step, if it moves money (kind unique per request). */
  journal?: { kind: string; entries: (r: RefundRequest) => { account: LedgerAccount; amount: number }[] };
  actor: Actor;
  action: string;
  /** The merchant's clock when the caller has it (its own request); otherwise read from the merchant row. */
  now?: Date;
};

/** The reservation back to the available balance (refusal, cancellation). */
const release = {
  kind: "refund.released",
  entries: (r: RefundRequest) => [
    { account: "merchant_reserved" as const, amount: -r.amount },
    { account: "merchant_available" as const, amount: r.amount },
  ],
};

/**
 * One status change: the row locked, its status checked, then the update, the ledger journal and
 * the audit row commit together. Two concurrent changes of one request serialise on the row lock;
 * the loser sees the new status and gets a 409. No webhook: the contract has no refund events.
 */
async function transition(db: Database, where: SQL, id: string, step: Step): Promise<RefundRequest> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [current] = await tx.select().from(refundRequests).where(and(where, eq(refundRequests.id, id))).for("update");
    if (!current) throw new ApiError("NOT_FOUND", `No refund request ${id}.`);
    if (!step.from.includes(current.status)) {
      throw new ApiError(step.refused, `This refund request is ${current.status}; only ${step.from.join(" or ")} can become ${step.to}.`);
    }
    let at = step.now;
    if (!at) {
      const [merchant] = await tx.select({ testClockOffsetSeconds: merchants.testClockOffsetSeconds }).from(merchants).where(eq(merchants.id, current.merchantId));
      at = merchantNow(merchant ?? { testClockOffsetSeconds: 0 }, current.mode);
    }
    const [updated] = await tx
      .update(refundRequests)
      .set({ ...step.patch(at), status: step.to, updatedAt: at })
      .where(eq(refundRequests.id, current.id))
      .returning();
    if (step.journal) {
      await postJournal(tx, { merchantId: updated.merchantId, mode: updated.mode, kind: step.journal.kind, refType: "refund_request", refId: updated.id, entries: step.journal.entries(updated), at });
    }
    await recordAudit(tx, { actor: step.actor, action: step.action, targetType: "refund_request", targetId: updated.id, merchantId: updated.merchantId, before: refundAuditView(current), after: refundAuditView(updated) });
    if (updated.status === "EXECUTED") {
      await textRefundExecuted(tx, updated);
      await mailRefundExecuted(tx, updated);
    }
    return updated;
  });
}

/** POST /v1/refund-requests/{id}/cancel: the merchant withdraws a REQUESTED request; the reservation is released. */
export async function cancelRefundRequest(ctx: DomainContext, id: string): Promise<RefundRequest> {
  return transition(ctx.db, and(eq(refundRequests.merchantId, ctx.merchant.id), eq(refundRequests.mode, ctx.mode))!, id, {
    from: ["REQUESTED"],
    to: "CANCELLED",
    refused: "REFUND_REQUEST_NOT_REQUESTED",
    patch: (at) => ({ cancelledAt: at }),
    journal: release,
    actor: contextActor(ctx),
    action: "refund_request.cancel",
    now: ctx.now,
  });
}

/** Staff act on any merchant's requests. */
const anyMerchant = sql`true`;

/** Staff: the request was checked (payment, number, reason); the money stays reserved until execution. */
export async function approveRefundRequest(db: Database, id: string, input: { note?: string }, actor: Actor): Promise<RefundRequest> {
  return transition(db, anyMerchant, id, {
    from: ["REQUESTED"],
    to: "APPROVED",
    refused: "REFUND_REQUEST_NOT_REQUESTED",
    patch: (at) => ({ approvedAt: at, approvedBy: actor.staffId, ...(input.note?.trim() ? { staffNote: input.note.trim() } : {}) }),
    actor,
    action: "refund_request.approve",
  });
}

/** Staff: refused, before or after approval (a number the operator cannot pay, say); the reservation is released. */
export async function refuseRefundRequest(db: Database, id: string, input: { note: string }, actor: Actor): Promise<RefundRequest> {
  return transition(db, anyMerchant, id, {
    from: ["REQUESTED", "APPROVED"],
    to: "REFUSED",
    refused: "REFUND_REQUEST_CLOSED",
    patch: (at) => ({ refusedAt: at, refusedBy: actor.staffId, staffNote: input.note.trim() }),
    journal: release,
    actor,
    action: "refund_request.refuse",
  });
}

/**
 * Staff: the refund was sent by hand at the operator. The reserved amount leaves the merchant for
 * customer_refunds; our fee on the payment is not returned (docs/decisions/refunds.md). The
 * customer is told in the same transaction (the SMS outbox, and the mail outbox when the payment
 * carries their address).
 */
export async function executeRefundRequest(db: Database, id: string, input: { operatorReference: string }, actor: Actor): Promise<RefundRequest> {
  return transition(db, anyMerchant, id, {
    from: ["APPROVED"],
    to: "EXECUTED",
    refused: "REFUND_REQUEST_NOT_APPROVED",
    patch: (at) => ({ executedAt: at, executedBy: actor.staffId, operatorReference: input.operatorReference.trim() }),
    journal: {
      kind: "refund.executed",
      entries: (r) => [
        { account: "merchant_reserved", amount: -r.amount },
        { account: "customer_refunds", amount: r.amount },
      ],
    },
    actor,
    action: "refund_request.execute",
  });
}
