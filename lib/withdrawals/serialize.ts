import type { Withdrawal } from "@/db/schema";
import type { WithdrawalResource } from "./schemas";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The withdrawal as the API shows it; also the `data` of withdrawal.* events and the audit rows. */
export function withdrawalResource(w: Withdrawal): WithdrawalResource {
  return {
    id: w.id,
    reference: w.reference,
    amount: w.amount,
    fee: w.fee,
    net_amount: w.netAmount,
    currency: "XOF",
    status: w.status,
    provider: "OPERATOR_MONEY",
    phone_number: w.phoneNumber,
    notes: w.notes,
    operator_reference: w.operatorReference,
    rejection_reason: w.rejectionReason,
    livemode: w.mode === "live",
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    approved_at: iso(w.approvedAt),
    completed_at: iso(w.completedAt),
    rejected_at: iso(w.rejectedAt),
    cancelled_at: iso(w.cancelledAt),
    cancellation_reason: w.cancellationReason ?? null,
    approval: w.approvalRequired
      ? { required: true, requested_by: w.requestedBy, decided_by: w.teamDecidedBy, decided_at: iso(w.teamDecidedAt), refusal_reason: w.teamRefusalReason }
      : null,
    _source: w.source,
  };
}
