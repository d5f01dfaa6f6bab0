import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, secureOrders } from "@/db/schema";
import { isApiError } from "@/lib/core/errors";
import type { JobScope } from "@/lib/core/job-scope";
import { cancelCreatedOrder, DEADLINE_REASON, PAY_BEFORE_REASON, refundOrder } from "./transitions";

const BATCH = 200;
// "now" on each row's merchant clock (the sandbox test clock applies to test-mode orders).
const merchantClock = sql`now() + case when ${secureOrders.mode} = 'test' then ${merchants.testClockOffsetSeconds} * interval '1 second' else interval '0' end`;

/** CREATED orders past pay_before → CANCELLED (secure_order.cancelled), unless a payment is still in flight. */
export async function cancelUnpaidOrders(db: Database, scope: JobScope = {}): Promise<number> {
  const due = await db
    .select({ id: secureOrders.id })
    .from(secureOrders)
    .innerJoin(merchants, eq(merchants.id, secureOrders.merchantId))
    .where(and(eq(secureOrders.status, "CREATED"), lte(secureOrders.payBefore, merchantClock), scope.merchantId ? eq(secureOrders.merchantId, scope.merchantId) : undefined))
    .orderBy(asc(secureOrders.payBefore))
    .limit(BATCH);
  let cancelled = 0;
  for (const { id } of due) {
    const result = await cancelCreatedOrder(db, { by: "any", id }, { due: true, skipLocked: true, reason: PAY_BEFORE_REASON });
    if (result?.changed) cancelled++;
  }
  return cancelled;
}

/** PAID_HELD orders past their delivery deadline → REFUNDED (secure_order.refunded), no confirm needed. */
export async function refundOverdueOrders(db: Database, scope: JobScope = {}): Promise<number> {
  const due = await db
    .select({ id: secureOrders.id })
    .from(secureOrders)
    .innerJoin(merchants, eq(merchants.id, secureOrders.merchantId))
    .where(and(eq(secureOrders.status, "PAID_HELD"), lte(secureOrders.deliveryDeadline, merchantClock), scope.merchantId ? eq(secureOrders.merchantId, scope.merchantId) : undefined))
    .orderBy(asc(secureOrders.deliveryDeadline))
    .limit(BATCH);
  let refunded = 0;
  for (const { id } of due) {
    try {
      const result = await refundOrder(db, { by: "any", id }, { from: ["PAID_HELD"], requireDeadlinePassed: true, skipLocked: true, reason: DEADLINE_REASON });
      if (result?.changed) refunded++;
    } catch (error) {
      // A refused refund (already logged) leaves the order held; the next run tries again. Other orders go on.
      if (!(isApiError(error) && error.code === "REFUND_FAILED")) throw error;
    }
  }
  return refunded;
}

/**
 * The secure-order deadlines job (embedded runner, Inngest cron, sandbox clock advance).
 * Idempotent and safe on several instances: each order is re-checked under its row lock
 * (SKIP LOCKED, so two instances never wait on or repeat each other's work).
 */
export async function runSecureOrderDeadlines(db: Database, scope: JobScope = {}): Promise<{ cancelled: number; refunded: number }> {
  const cancelled = await cancelUnpaidOrders(db, scope);
  const refunded = await refundOverdueOrders(db, scope);
  return { cancelled, refunded };
}
