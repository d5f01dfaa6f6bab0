import { desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { merchants, paymentChecks, payments, type Mode, type PaymentCheckKind } from "@/db/schema";
import { merchantNowSql } from "@/lib/clock";
import { input } from "@/lib/core/validation";

/** How long after the push a payment still PENDING with no operator answer is stuck. */
export const NO_ANSWER_MINUTES = 30;
/** The most the stuck view lists, oldest first. */
export const STUCK_LIMIT = 200;

/** `merchant_id`: one merchant's only (the link from a merchant's page, and how tests keep to their own). */
export const StuckPaymentsQuery = input(z.object({ merchant_id: z.string().min(1).max(64).optional() }));

export type StuckReason = "past_expiry" | "operator_unreachable" | "no_answer";

export type StuckPayment = {
  payment_id: string;
  merchant_id: string;
  merchant_name: string;
  mode: Mode;
  amount: number;
  created_at: string;
  initiated_at: string | null;
  expires_at: string;
  reasons: StuckReason[];
  /** The latest push or check and what the operator said to it; null when the operator was never asked. */
  last_check: { kind: PaymentCheckKind; at: string; operator_status: "PENDING" | "SUCCESS" | "FAILED" | null; error: string | null } | null;
};

/**
 * The ops console's stuck payments (app/ops/stuck-payments): PENDING payments that should not be,
 * each on its merchant's clock: past expires_at (the expiry sweep should have ended them), whose
 * latest push or check found the operator unreachable, or pushed more than NO_ANSWER_MINUTES ago
 * and still without an answer. Every merchant (or one) and mode; oldest first.
 */
export async function listStuckPayments(db: Database, filter: { merchantId?: string } = {}): Promise<StuckPayment[]> {
  const now = merchantNowSql(sql`${merchants.testClockOffsetSeconds}`, sql`${payments.mode}`);
  const lastError = sql`(select c.error from ${paymentChecks} c where c.payment_id = ${payments.id} order by c.at desc, c.id desc limit 1)`;
  const pastExpiry = sql<boolean>`${payments.expiresAt} <= ${now}`;
  const unreachable = sql<boolean>`${lastError} is not null`;
  const noAnswer = sql<boolean>`coalesce(${payments.initiatedAt} <= ${now} - ${NO_ANSWER_MINUTES} * interval '1 minute', false)`;
  const rows = await db
    .select({ payment: payments, merchantName: merchants.name, pastExpiry, unreachable, noAnswer })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(sql`${payments.status} = 'PENDING' ${filter.merchantId ? sql`and ${payments.merchantId} = ${filter.merchantId}` : sql``} and (${pastExpiry} or ${unreachable} or ${noAnswer})`)
    .orderBy(payments.createdAt, payments.id)
    .limit(STUCK_LIMIT);
  const ids = rows.map((r) => r.payment.id);
  const latest = ids.length
    ? await db
        .selectDistinctOn([paymentChecks.paymentId])
        .from(paymentChecks)
        .where(inArray(paymentChecks.paymentId, ids))
        .orderBy(paymentChecks.paymentId, desc(paymentChecks.at), desc(paymentChecks.id))
    : [];
  const lastOf = new Map(latest.map((c) => [c.paymentId, c]));
  return rows.map(({ payment: p, merchantName, pastExpiry, unreachable, noAnswer }) => {
    const c = lastOf.get(p.id);
    const reasons: StuckReason[] = [];
    if (pastExpiry) reasons.push("past_expiry");
    if (unreachable) reasons.push("operator_unreachable");
    if (noAnswer) reasons.push("no_answer");
    return {
      payment_id: p.id,
      merchant_id: p.merchantId,
      merchant_name: merchantName,
      mode: p.mode,
      amount: p.amount,
      created_at: p.createdAt.toISOString(),
      initiated_at: p.initiatedAt?.toISOString() ?? null,
      expires_at: p.expiresAt.toISOString(),
      reasons,
      last_check: c ? { kind: c.kind, at: c.at.toISOString(), operator_status: c.operatorStatus, error: c.error } : null,
    };
  });
}
