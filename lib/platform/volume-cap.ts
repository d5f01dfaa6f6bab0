import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { payments } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
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
 * What the month of `at` has committed against the cap: `collected`, the live payments settled
 * SUCCESS in that month (GET /v1/merchant/plan's live_volume; test-mode payments never count), and `reserved`, the live payments that can still succeed — PENDING and
 * either still open (expires_at after `at`) or already pushed to the operator, whose SUCCESS is
 * accepted until the expiry sweep ends the payment. One statement, each half read through
 * payments_status_list_idx (merchant, mode, status, created_at).
 */
export async function committedLiveVolume(db: Database, merchantId: string, at: Date): Promise<{ collected: number; reserved: number }> {
  const { start, end } = calendarMonth(at);
  const live = and(eq(payments.merchantId, merchantId), eq(payments.mode, "live"));
  const [row] = rowsOf<{ collected: string | number; reserved: string | number }>(
    await db.execute(sql`select
      (select coalesce(sum(${payments.amount}), 0) from ${payments}
        where ${live} and ${payments.status} = 'SUCCESS' and ${payments.createdAt} < ${end.toISOString()}::timestamptz and ${collectedWithin(start, end)}) as collected,
      (select coalesce(sum(${payments.amount}), 0) from ${payments}
        where ${live} and ${payments.status} = 'PENDING' and (${payments.expiresAt} > ${at.toISOString()}::timestamptz or ${payments.initiatedAt} is not null)) as reserved`),
  );
  return { collected: Number(row?.collected ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/**
 * Serialises every live payment creation of one merchant, across all app instances, until the
 * caller's transaction ends: the cap check and the insert it allows happen as one step.
 */
export async function lockLiveVolume(db: Database, merchantId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`live_cap:${merchantId}`}, 0))`);
}

/**
 * The live gate of the plan's monthly cap (contract, Authentication 4): a live payment of
 * `amount` is refused with 403 PLAN_MONTHLY_VOLUME_EXCEEDED when this calendar month's committed
 * live volume (collected + reserved, committedLiveVolume) + amount would exceed the plan's cap.
 * Reaching the cap exactly is allowed. Test keys are never gated; plans without a cap (Business)
 * are never gated.
 *
 * A payment that can still succeed reserves its amount from creation, so payments created while
 * others are pending can never take the month over the cap; failure, expiry or cancellation ends
 * the payment's PENDING state and so releases its amount. Called inside the transaction that
 * inserts the payment (insertPayment), it holds the merchant's live_cap lock to that
 * transaction's end, so concurrent creations are judged one after the other.
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
  await lockLiveVolume(ctx.db, ctx.merchant.id);
  const { collected, reserved } = await committedLiveVolume(ctx.db, ctx.merchant.id, ctx.now);
  if (collected + reserved + amount <= cap) return null;
  const left = Math.max(cap - collected - reserved, 0);
  return new ApiError(
    "PLAN_MONTHLY_VOLUME_EXCEEDED",
    `This payment would take this month's live volume over your plan's cap of ${cap} FCFA (${collected} FCFA collected, ${reserved} FCFA in pending payments, ${left} FCFA left). Upgrade your platform plan, wait for pending payments to end, or wait for next month.`,
  );
}
