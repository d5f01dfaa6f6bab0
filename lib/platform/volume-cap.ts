import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { payments } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/http/errors";
import { platformPlan } from "./plans";

/** The calendar month containing `at`, in Africa/Bamako time (= UTC, no daylight saving): [start, end). */
export function calendarMonth(at: Date): { start: Date; end: Date; label: string } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, label: `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, "0")}` };
}

/** When a payment's money was collected: its settlement time (falls back to creation if a settled row lacks one). */
export const collectedAt = sql`coalesce(${payments.settledAt}, ${payments.createdAt})`;

/** Payments collected in [start, end). Bounds go as ISO strings: the postgres driver cannot bind a Date to an expression. */
export const collectedWithin = (start: Date, end: Date) =>
  sql`${collectedAt} >= ${start.toISOString()}::timestamptz and ${collectedAt} < ${end.toISOString()}::timestamptz`;

/**
 * The merchant's successful live volume in the calendar month of `at`: the sum of live payments
 * with status SUCCESS whose money was collected (settled) in that month. Pending payments do not
 * count (see assertLiveVolumeAvailable); test-mode payments never count.
 */
export async function liveVolumeInMonth(db: Database, merchantId: string, at: Date): Promise<number> {
  const { start, end } = calendarMonth(at);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.merchantId, merchantId), eq(payments.mode, "live"), eq(payments.status, "SUCCESS"), collectedWithin(start, end)));
  return Number(row?.total ?? 0);
}

/**
 * The live gate of the plan's monthly cap (contract, Authentication 4): a live payment of
 * `amount` is refused with 403 PLAN_MONTHLY_VOLUME_EXCEEDED when this calendar month's
 * successful live volume + amount would exceed the plan's cap. Reaching the cap exactly is
 * allowed. Test keys are never gated; plans without a cap (Business) are never gated.
 *
 * Only SUCCESS payments count, not PENDING ones: a pending payment may never be paid (abandoned
 * checkouts would otherwise block a merchant's sales until they expire). The consequence,
 * accepted: payments created while others are pending can all succeed, so a month can end over
 * the cap by at most the amounts that were pending when the last ones were created.
 */
export async function assertLiveVolumeAvailable(ctx: DomainContext, amount: number): Promise<void> {
  const refusal = await liveVolumeRefusal(ctx, amount);
  if (refusal) throw refusal;
}

/** The same gate as a value: the billing cycle records a refused renewal instead of throwing. */
export async function liveVolumeRefusal(ctx: DomainContext, amount: number): Promise<ApiError | null> {
  if (ctx.mode !== "live") return null;
  const cap = platformPlan(ctx.merchant.platformPlan)?.monthlyLiveCap;
  if (cap === null || cap === undefined) {
    // No plan at all cannot reach here with a live key (PAID_SUBSCRIPTION_REQUIRED); Business has no cap.
    return ctx.merchant.platformPlan === "none" ? new ApiError("PAID_SUBSCRIPTION_REQUIRED") : null;
  }
  const used = await liveVolumeInMonth(ctx.db, ctx.merchant.id, ctx.now);
  if (used + amount <= cap) return null;
  const left = Math.max(cap - used, 0);
  return new ApiError(
    "PLAN_MONTHLY_VOLUME_EXCEEDED",
    `This payment would take this month's live volume over your plan's cap of ${cap} FCFA (${used} FCFA collected, ${left} FCFA left). Upgrade your platform plan or wait for next month.`,
  );
}
