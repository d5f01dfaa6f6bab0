import { eq } from "drizzle-orm";
import { merchants } from "@/db/schema";
import { contextActor, recordAudit } from "@/lib/audit/record";
import type { DomainContext } from "@/lib/context";

/**
 * Whether a withdrawal of `amount` waits for a second owner or admin: strictly above the
 * merchant's threshold, so a merchant who sets "100 000" can still withdraw exactly 100 000 alone.
 * The one rule for both modes (docs/decisions/balances-and-withdrawals.md).
 */
export const needsTeamApproval = (threshold: number | null, amount: number): boolean => threshold !== null && amount > threshold;

export async function withdrawalApprovalThreshold(ctx: DomainContext): Promise<{ threshold: number | null }> {
  const [row] = await ctx.db.select({ threshold: merchants.withdrawalApprovalThreshold }).from(merchants).where(eq(merchants.id, ctx.merchant.id));
  return { threshold: row?.threshold ?? null };
}

/**
 * Sets (or, with null, turns off) the merchant's approval threshold. Requests already made keep
 * the status they were given: a lowered threshold does not stop a PENDING withdrawal, a raised
 * one does not release an awaiting one (a team member still decides it).
 */
export async function setWithdrawalApprovalThreshold(ctx: DomainContext, threshold: number | null): Promise<{ threshold: number | null }> {
  const [before] = await ctx.db.select({ threshold: merchants.withdrawalApprovalThreshold }).from(merchants).where(eq(merchants.id, ctx.merchant.id)).for("update");
  if ((before?.threshold ?? null) === threshold) return { threshold };
  await ctx.db.update(merchants).set({ withdrawalApprovalThreshold: threshold, updatedAt: new Date() }).where(eq(merchants.id, ctx.merchant.id));
  await recordAudit(ctx.db, {
    actor: contextActor(ctx),
    action: "merchant.withdrawal_approval_threshold",
    targetType: "merchant",
    targetId: ctx.merchant.id,
    before: { withdrawal_approval_threshold: before?.threshold ?? null },
    after: { withdrawal_approval_threshold: threshold },
  });
  return { threshold };
}
