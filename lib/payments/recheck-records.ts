import { asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { paymentChecks, type Payment, type PaymentCheck, type PaymentCheckAction, type PaymentCheckKind } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { OperatorError } from "@/lib/operator/port";

/** What the operator said to one question, as the payment's timeline keeps it (db/schema/payment-checks.ts). */
export type CheckAnswer = {
  operatorStatus: "PENDING" | "SUCCESS" | "FAILED" | null;
  reason?: string | null;
  /** The operator could not be asked: why, in words safe to show. */
  error?: string | null;
  action: PaymentCheckAction;
};

/** An operator fault in words safe to show: an OperatorError says what happened, anything else is not ours to show. */
export const operatorErrorText = (error: unknown): string => (error instanceof OperatorError ? error.message : "The operator could not be reached.");

/** Starts a check (the claim, for the recheck job): `at` is the merchant's time. Answers the check's id, or null when the slot was already taken. */
export async function startCheck(db: Database, payment: Pick<Payment, "id" | "merchantId" | "mode">, kind: Exclude<PaymentCheckKind, "push">, at: Date, slot: number | null = null): Promise<string | null> {
  const [row] = await db
    .insert(paymentChecks)
    .values({ id: newId("pchk", at.getTime()), paymentId: payment.id, merchantId: payment.merchantId, mode: payment.mode, kind, at, slot })
    .onConflictDoNothing()
    .returning({ id: paymentChecks.id });
  return row?.id ?? null;
}

/** Records the answer of a started check; `startedAt`/`startedReal` turn the elapsed real time into the merchant's clock. */
export async function finishCheck(db: Database, id: string, answer: CheckAnswer, startedAt: Date, startedReal: number): Promise<void> {
  await db
    .update(paymentChecks)
    .set({ operatorStatus: answer.operatorStatus, reason: answer.reason ?? null, error: answer.error ?? null, action: answer.action, finishedAt: new Date(startedAt.getTime() + (systemNow().getTime() - startedReal)) })
    .where(eq(paymentChecks.id, id));
}

/** The push to the customer's phone and what the operator answered it (lib/payments/initiate.ts). */
export async function recordPush(db: Database, payment: Pick<Payment, "id" | "merchantId" | "mode">, at: Date, answer: CheckAnswer): Promise<void> {
  await db.insert(paymentChecks).values({
    id: newId("pchk", at.getTime()),
    paymentId: payment.id,
    merchantId: payment.merchantId,
    mode: payment.mode,
    kind: "push",
    operatorStatus: answer.operatorStatus,
    reason: answer.reason ?? null,
    error: answer.error ?? null,
    action: answer.action,
    at,
    finishedAt: at,
  });
}

/** A payment's pushes and checks, oldest first. */
export async function checksOf(db: Database, paymentId: string): Promise<PaymentCheck[]> {
  return db.select().from(paymentChecks).where(eq(paymentChecks.paymentId, paymentId)).orderBy(asc(paymentChecks.at), asc(paymentChecks.id));
}
