import { and, eq } from "drizzle-orm";
import { withdrawals, type MerchantRole, type User, type Withdrawal } from "@/db/schema";
import { contextActor } from "@/lib/audit/record";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { notifyWithdrawalDecided } from "@/lib/notifications/withdrawal-approval";
import { release, transition } from "./transitions";

/** Who may approve or refuse a withdrawal that waits for the team: the people who run the account. */
export const WITHDRAWAL_APPROVER_ROLES = ["owner", "admin"] as const satisfies readonly MerchantRole[];
export const isWithdrawalApprover = (role: MerchantRole | null | undefined): boolean => (WITHDRAWAL_APPROVER_ROLES as readonly string[]).includes(role ?? "");

/** The dashboard's context: a member decides, never an API key (a key is nobody's second pair of eyes). */
type MemberCtx = DomainContext & { user: Pick<User, "id" | "merchantRole"> };

function assertApprover(ctx: MemberCtx): void {
  // Checked before the withdrawal is read: a refused member learns nothing about it.
  if (!isWithdrawalApprover(ctx.user.merchantRole)) {
    throw new ApiError("ROLE_FORBIDDEN", `Your role (${ctx.user.merchantRole ?? "none"}) cannot approve or refuse withdrawals: it needs owner or admin.`);
  }
}

const notAwaiting = (current: Withdrawal) =>
  new ApiError("WITHDRAWAL_NOT_AWAITING_APPROVAL", `This withdrawal is ${current.status}${current.teamDecidedBy ? " (already decided by the team)" : ""}; only a withdrawal AWAITING_APPROVAL can be approved or refused.`);

function decide(ctx: MemberCtx, id: string, decision: "approve" | "refuse", reason?: string): Promise<Withdrawal> {
  assertApprover(ctx);
  const actor = contextActor(ctx);
  const where = and(eq(withdrawals.merchantId, ctx.merchant.id), eq(withdrawals.mode, ctx.mode))!;
  // Under the row lock of transition(): two approvers, or an approver and the requester's cancel,
  // serialize there; whoever comes second sees the new status and gets a 409.
  return transition(ctx.db, where, id, {
    from: ["AWAITING_APPROVAL"],
    refused: notAwaiting,
    check: (current) => {
      if (current.requestedBy === actor.staffId) throw new ApiError("WITHDRAWAL_SELF_APPROVAL");
    },
    now: ctx.now,
    audit: { actor, action: decision === "approve" ? "withdrawal.team_approve" : "withdrawal.team_refuse" },
    notify: (tx, updated) => notifyWithdrawalDecided(tx, updated),
    ...(decision === "approve"
      ? // Now it is a request for the service's staff: PENDING, in their queue, announced as requested.
        { to: "PENDING" as const, event: "withdrawal.requested" as const, patch: (at: Date) => ({ teamDecidedAt: at, teamDecidedBy: actor.staffId }) }
      : {
          to: "CANCELLED" as const,
          event: "withdrawal.cancelled" as const,
          patch: (at: Date) => ({ teamDecidedAt: at, teamDecidedBy: actor.staffId, teamRefusalReason: reason ?? null, cancelledAt: at, cancellationReason: "refused" as const }),
          journal: release,
        }),
  });
}

/** POST /dashboard-api/withdrawals/{id}/approve: AWAITING_APPROVAL → PENDING; the amount stays reserved. */
export const approveWithdrawalAsTeam = (ctx: MemberCtx, id: string) => decide(ctx, id, "approve");

/** POST /dashboard-api/withdrawals/{id}/refuse: AWAITING_APPROVAL → CANCELLED ("refused"); the reservation is released. */
export const refuseWithdrawalAsTeam = (ctx: MemberCtx, id: string, reason?: string) => decide(ctx, id, "refuse", reason);
