import { and, eq, exists, inArray, isNotNull, not, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { lateCollections, merchants, payments, type Payment } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import type { JobScope } from "@/lib/core/job-scope";
import { log } from "@/lib/log";
import { signOperatorBody } from "@/lib/operator/signature";
import { SIMULATOR_CALLBACKS, simulatorCallbackSecret, type SimulatedCallback } from "@/lib/operator/simulator";
import { expireIfDue } from "@/lib/payments/expire";
import { LATE_COLLECTABLE_STATUSES } from "@/lib/payments/late-collection";
import { applyOperatorCallback } from "@/lib/payments/operator-callback";

/**
 * The simulated operator's delayed outcomes (lib/operator/simulator.ts, SIMULATOR_CALLBACKS): when
 * one falls due on the merchant's test clock, it arrives as the operator's own callback would, a
 * signed body through applyOperatorCallback, the handler of POST /api/operator/callback, so the
 * signature check, the settlement, the late collection and the replay rules are the real ones.
 *
 * The simulator keeps no books: the payment row says when the push happened and whether the
 * callback already came, so a pass is idempotent and several instances may run it at once (a
 * second delivery is a replay, which the handler absorbs as it would the operator's).
 */

const PHONES = Object.keys(SIMULATOR_CALLBACKS);
const LATE_PHONES = PHONES.filter((phone) => SIMULATOR_CALLBACKS[phone as keyof typeof SIMULATOR_CALLBACKS].after === "expiry");

/**
 * When the push reached the operator, on the merchant's clock. An answered push keeps its claim
 * (initiated_at). A push that got no answer was released (initiated_at cleared, so a retry pushes
 * again), but its claim stamped updated_at, which nothing else moves on an unanswered PENDING
 * payment (lib/payments/resend.ts reads it as the last push too).
 */
function pushedAt(p: Payment): Date | null {
  if (p.operatorSessionId) return p.initiatedAt;
  return p.initiatedAt === null && p.updatedAt > p.createdAt ? p.updatedAt : null;
}

function dueAt(p: Payment, plan: SimulatedCallback): Date | null {
  const pushed = pushedAt(p);
  if (!pushed) return null;
  const from = plan.after === "push" ? pushed : p.expiresAt;
  return new Date(from.getTime() + plan.seconds * 1000);
}

async function send(db: Database, p: Payment, attempt: number): Promise<void> {
  const raw = JSON.stringify({ reference: p.id, ...(p.operatorSessionId ? { session_id: p.operatorSessionId } : {}), status: "SUCCESS", provider_ref: `SIM-${p.id}` });
  await applyOperatorCallback(db, raw, signOperatorBody(simulatorCallbackSecret(), raw), `sim_${p.id}_${attempt}`);
}

/**
 * One pass: sends every simulated callback now due and answers how many. A payment still PENDING
 * whose expires_at came before its callback is expired first, as the expiry sweep would have done
 * by then (this job runs before the sweep in a clock advance), so an approval after expiry is a
 * late collection whichever job gets there first.
 *
 * Ended payments matter only to a late approval. With a merchant's scope (the clock advance) they
 * are an index lookup; without one they would cost a scan of every ended payment, so the unscoped
 * pass looks at PENDING payments only and late approvals ride the test clock.
 */
export async function deliverSimulatedCallbacks(db: Database, scope: JobScope = {}): Promise<number> {
  const pending = eq(payments.status, "PENDING");
  const endedAwaitingLateApproval = and(
    inArray(payments.customerPhone, LATE_PHONES),
    inArray(payments.status, [...LATE_COLLECTABLE_STATUSES]),
    isNotNull(payments.operatorSessionId),
    not(exists(db.select({ one: sql`1` }).from(lateCollections).where(eq(lateCollections.paymentId, payments.id)))),
  );
  const rows = await db
    .select({ payment: payments, offset: merchants.testClockOffsetSeconds })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(
      and(
        eq(payments.mode, "test"),
        eq(payments.adapter, "simulator"),
        inArray(payments.customerPhone, PHONES),
        scope.merchantId ? and(eq(payments.merchantId, scope.merchantId), or(pending, endedAwaitingLateApproval)) : pending,
      ),
    );
  let sent = 0;
  for (const { payment, offset } of rows) {
    const plan = SIMULATOR_CALLBACKS[payment.customerPhone as keyof typeof SIMULATOR_CALLBACKS];
    const due = dueAt(payment, plan);
    const now = merchantNow({ testClockOffsetSeconds: offset }, "test");
    if (!due || due > now) continue;
    try {
      const current = payment.status === "PENDING" && payment.expiresAt <= due ? await expireIfDue(db, payment, now) : payment;
      for (let attempt = 1; attempt <= plan.times; attempt++) {
        await send(db, current, attempt);
        sent++;
      }
    } catch (error) {
      // The next pass tries again, as the operator retries a callback that was not acknowledged.
      log("warn", "simulated operator callback failed", { payment_id: payment.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return sent;
}
