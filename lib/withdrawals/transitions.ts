import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, withdrawals, type LedgerAccount, type Withdrawal, type WithdrawalStatus } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { emitEvent } from "@/lib/events/emit";
import { ApiError } from "@/lib/core/errors";
import { postJournal } from "@/lib/ledger/post";
import type { EventType } from "@/lib/webhooks/event-types";
import { notifyWithdrawalChange } from "@/lib/notifications/merchant";
import { withdrawalResource } from "./serialize";

export type Step = {
  /** The statuses this step leaves from; any other answers `refused` (409). */
  from: readonly WithdrawalStatus[];
  refused: (current: Withdrawal) => ApiError;
  to: WithdrawalStatus;
  /** A rule on the locked row beyond its status (the team's approver is not the requester). */
  check?: (current: Withdrawal) => void;
  event: Extract<EventType, `withdrawal.${string}`>;
  patch: (at: Date) => Partial<typeof withdrawals.$inferInsert>;
  /** The ledger movement of this step, if it moves money (kind unique per withdrawal). */
  journal?: { kind: string; entries: (w: Withdrawal) => { account: LedgerAccount; amount: number }[] };
  audit?: { actor: Actor; action: string };
  /** Mail of this step beyond the staff's notices, in the same transaction. */
  notify?: (tx: Database, updated: Withdrawal) => Promise<unknown>;
  /** The merchant's clock when the caller has it (a key's request); otherwise read from the merchant row. */
  now?: Date;
};

/** Reservation back to the available balance (rejection, cancellation, the team's refusal). */
export const release = {
  kind: "withdrawal.released",
  entries: (w: Withdrawal) => [
    { account: "merchant_reserved" as const, amount: -w.amount },
    { account: "merchant_available" as const, amount: w.amount },
  ],
};

/**
 * One status change: the row is locked, its status checked, then the update, the ledger journal,
 * the `withdrawal.*` event and (for staff) the audit row commit together. Two concurrent changes
 * of one withdrawal serialize on the row lock; the loser sees the new status and gets a 409.
 */
export async function transition(db: Database, where: SQL, id: string, step: Step): Promise<Withdrawal> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [current] = await tx.select().from(withdrawals).where(and(where, eq(withdrawals.id, id))).for("update");
    if (!current) throw new ApiError("NOT_FOUND", `No withdrawal ${id}.`);
    step.check?.(current);
    if (!step.from.includes(current.status)) throw step.refused(current);
    let at = step.now;
    if (!at) {
      const [merchant] = await tx.select({ testClockOffsetSeconds: merchants.testClockOffsetSeconds }).from(merchants).where(eq(merchants.id, current.merchantId));
      at = merchantNow(merchant ?? { testClockOffsetSeconds: 0 }, current.mode);
    }
    const [updated] = await tx
      .update(withdrawals)
      .set({ ...step.patch(at), status: step.to, updatedAt: at })
      .where(eq(withdrawals.id, current.id))
      .returning();
    if (step.journal) {
      await postJournal(tx, { merchantId: updated.merchantId, mode: updated.mode, kind: step.journal.kind, refType: "withdrawal", refId: updated.id, entries: step.journal.entries(updated), at });
    }
    const object = withdrawalResource(updated);
    await emitEvent(tx, { merchantId: updated.merchantId, applicationId: updated.applicationId, mode: updated.mode, type: step.event, object, at });
    if (step.audit) {
      await recordAudit(tx, { actor: step.audit.actor, action: step.audit.action, targetType: "withdrawal", targetId: updated.id, merchantId: updated.merchantId, before: withdrawalResource(current), after: object });
    }
    // Approved, paid or rejected: the merchant's owners and finance members are mailed with the change.
    await notifyWithdrawalChange(tx, updated);
    await step.notify?.(tx, updated);
    return updated;
  });
}

const notPending = (to: WithdrawalStatus) => (current: Withdrawal) =>
  new ApiError("WITHDRAWAL_NOT_PENDING", `This withdrawal is ${current.status}; only a PENDING withdrawal can become ${to}.`);
const notApproved = (current: Withdrawal) => new ApiError("WITHDRAWAL_NOT_APPROVED", `This withdrawal is ${current.status}; only an APPROVED withdrawal can become COMPLETED.`);

/**
 * PATCH /v1/withdrawals/{id}/cancel: the merchant withdraws a PENDING request, or one still
 * AWAITING_APPROVAL by the team; the reservation is released.
 */
export async function cancelWithdrawal(ctx: DomainContext, id: string): Promise<Withdrawal> {
  return transition(ctx.db, and(eq(withdrawals.merchantId, ctx.merchant.id), eq(withdrawals.mode, ctx.mode))!, id, {
    from: ["PENDING", "AWAITING_APPROVAL"],
    refused: (current) =>
      new ApiError("WITHDRAWAL_NOT_PENDING", `This withdrawal is ${current.status}; only a PENDING withdrawal, or one AWAITING_APPROVAL, can be cancelled.`),
    to: "CANCELLED",
    event: "withdrawal.cancelled",
    patch: (at) => ({ cancelledAt: at, cancellationReason: "requester" }),
    journal: release,
    now: ctx.now,
  });
}

/** Staff act on any merchant's withdrawals. */
const anyMerchant = sql`true`;

function requiredText(value: string | undefined | null, field: string, max: number): string {
  const v = value?.trim() ?? "";
  if (!v) throw new ApiError("MISSING_FIELD", `${field} is required.`, { param: field });
  if (v.length > max) throw new ApiError("INVALID_FIELD", `${field} must be at most ${max} characters.`, { param: field });
  return v;
}

/** Staff: the request was verified (identity, number, amount); the money stays reserved until completion. */
export async function approveWithdrawal(db: Database, id: string, actor: Actor): Promise<Withdrawal> {
  return transition(db, anyMerchant, id, {
    from: ["PENDING"],
    refused: notPending("APPROVED"),
    to: "APPROVED",
    event: "withdrawal.approved",
    patch: (at) => ({ approvedAt: at, approvedBy: actor.staffId }),
    audit: { actor, action: "withdrawal.approve" },
  });
}

/**
 * Staff: the transfer was executed on the operator's side. The reserved amount leaves the
 * merchant: the fee to platform_fees, the net amount to operator_payouts (money sent out).
 */
export async function completeWithdrawal(db: Database, id: string, input: { operatorReference: string }, actor: Actor): Promise<Withdrawal> {
  const operatorReference = requiredText(input.operatorReference, "operator_reference", 128);
  return transition(db, anyMerchant, id, {
    from: ["APPROVED"],
    refused: notApproved,
    to: "COMPLETED",
    event: "withdrawal.completed",
    patch: (at) => ({ completedAt: at, completedBy: actor.staffId, operatorReference }),
    journal: {
      kind: "withdrawal.completed",
      entries: (w) => [
        { account: "merchant_reserved", amount: -w.amount },
        { account: "platform_fees", amount: w.fee },
        { account: "operator_payouts", amount: w.netAmount },
      ],
    },
    audit: { actor, action: "withdrawal.complete" },
  });
}

/** Staff: the request is refused (reason shown to the merchant); the reservation is released. */
export async function rejectWithdrawal(db: Database, id: string, input: { reason: string }, actor: Actor): Promise<Withdrawal> {
  const reason = requiredText(input.reason, "reason", 500);
  return transition(db, anyMerchant, id, {
    from: ["PENDING"],
    refused: notPending("REJECTED"),
    to: "REJECTED",
    event: "withdrawal.rejected",
    patch: (at) => ({ rejectedAt: at, rejectedBy: actor.staffId, rejectionReason: reason }),
    journal: release,
    audit: { actor, action: "withdrawal.reject" },
  });
}
