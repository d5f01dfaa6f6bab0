import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, payments, type Payment } from "@/db/schema";
import { merchantNow, merchantNowSql } from "@/lib/clock";
import type { JobScope } from "@/lib/core/job-scope";
import { log } from "@/lib/log";
import { checkWithOperator } from "./reconcile";
import { startCheck } from "./recheck-records";

/**
 * When the recheck job asks the operator about a payment still PENDING after its push, in seconds
 * after the push (initiated_at, on the merchant's clock): 2, 5 and 10 minutes, then every 15
 * minutes. Its length bounds the scheduled checks.
 */
export const RECHECK_SCHEDULE_SECONDS = [120, 300, 600, 1_500, 2_400, 3_300, 4_200, 5_100] as const;
/** The last question, asked once within this many seconds before expires_at (or after it, if the payment is still PENDING). */
export const BEFORE_EXPIRY_SECONDS = 60;
/** No scheduled check within this many seconds of any other check of the payment (a merchant's reconcile included). */
export const MIN_GAP_SECONDS = 60;
/** How many payments one pass checks. */
export const RECHECK_BATCH = 100;

type Claimed = { payment: Payment; kind: "scheduled" | "before_expiry"; checkId: string; now: Date };

/**
 * The payments due a check now, claimed: each gets its check row (its slot in the schedule,
 * unique per payment) in one short transaction whose payment rows are locked SKIP LOCKED, so two
 * instances never check one payment for the same slot; the operator is asked afterwards, outside it.
 */
async function claimDue(db: Database, scope: JobScope): Promise<Claimed[]> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const now = merchantNowSql(sql`${merchants.testClockOffsetSeconds}`, sql`${payments.mode}`);
    const lastCheck = sql.raw(`(select max(c.at) from payment_checks c where c.payment_id = "payments"."id" and c.kind <> 'push')`);
    const scheduled = sql.raw(`(select count(*) from payment_checks c where c.payment_id = "payments"."id" and c.kind = 'scheduled')::int`);
    const offsets = sql.raw(`(array[${RECHECK_SCHEDULE_SECONDS.join(",")}])`);
    const finalWindow = sql`${payments.expiresAt} - ${BEFORE_EXPIRY_SECONDS} * interval '1 second'`;
    const rows = await tx
      .select({ payment: payments, offset: merchants.testClockOffsetSeconds, scheduled: sql<number>`${scheduled}`, final: sql<boolean>`${finalWindow} <= ${now}` })
      .from(payments)
      .innerJoin(merchants, sql`${merchants.id} = ${payments.merchantId}`)
      .where(
        sql`${payments.status} = 'PENDING' and ${payments.initiatedAt} is not null
          ${scope.merchantId ? sql`and ${payments.merchantId} = ${scope.merchantId}` : sql``}
          and (
            (${finalWindow} <= ${now} and (${lastCheck} is null or ${lastCheck} < ${finalWindow}))
            or (${finalWindow} > ${now} and ${scheduled} < ${RECHECK_SCHEDULE_SECONDS.length}
                and ${payments.initiatedAt} + ${offsets}[${scheduled} + 1] * interval '1 second' <= ${now}
                and (${lastCheck} is null or ${lastCheck} <= ${now} - ${MIN_GAP_SECONDS} * interval '1 second'))
          )`,
      )
      .orderBy(payments.initiatedAt)
      .limit(RECHECK_BATCH)
      .for("update", { of: payments, skipLocked: true });
    const claimed: Claimed[] = [];
    for (const row of rows) {
      const now = merchantNow({ testClockOffsetSeconds: row.offset }, row.payment.mode);
      const kind = row.final ? "before_expiry" : "scheduled";
      const checkId = await startCheck(tx, row.payment, kind, now, row.final ? 0 : row.scheduled + 1);
      if (checkId) claimed.push({ payment: row.payment, kind, checkId, now });
    }
    return claimed;
  });
}

/**
 * The job `payment-rechecks` (docs/decisions/payments.md, "The true status of every payment"): a
 * payment pushed to the customer's phone and still PENDING is asked about again, through the very
 * function reconcile runs (checkWithOperator), on a backoff schedule, and once more just before it
 * expires, so a collection whose callback was lost is settled instead of expired. Merchant scope:
 * the sandbox test clock drives it, before the expiry sweep. Answers how many payments it checked.
 */
export async function recheckPendingPayments(db: Database, scope: JobScope = {}): Promise<number> {
  const claimed = await claimDue(db, scope);
  for (const { payment, kind, checkId, now } of claimed) {
    try {
      await checkWithOperator(db, payment, now, { kind, id: checkId });
    } catch (error) {
      // The check row stays unanswered; the schedule's next slot asks again.
      log("warn", "payment recheck failed", { payment_id: payment.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return claimed.length;
}
