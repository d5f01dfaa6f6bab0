import { and, eq, gt, lte, or, type SQL } from "drizzle-orm";
import { payments, type Payment, type PaymentStatus } from "@/db/schema";
import { EXPIRED_REASON } from "./expire";

/**
 * How lists see a payment at `now` without writing: a PENDING payment past its expires_at is shown
 * EXPIRED (with the reason, and updated when it expired). Lists never settle the rows they show:
 * that is the expiry job's work (lib/jobs/registry.ts, every 5 s), which writes the same status
 * and emits `payment.expired` once. A read of one payment by id still settles that payment.
 */
export function paymentAsOf(payment: Payment, now: Date): Payment {
  if (!isDue(payment, now)) return payment;
  return { ...payment, status: "EXPIRED", statusReason: EXPIRED_REASON, updatedAt: payment.expiresAt };
}

export const isDue = (p: Pick<Payment, "status" | "expiresAt">, now: Date): boolean => p.status === "PENDING" && p.expiresAt <= now;

/** The status filter of a list as of `now`: PENDING excludes due payments, EXPIRED includes them. */
export function statusAsOf(status: PaymentStatus, now: Date): SQL | undefined {
  if (status === "PENDING") return and(eq(payments.status, "PENDING"), gt(payments.expiresAt, now));
  if (status === "EXPIRED") return or(eq(payments.status, "EXPIRED"), and(eq(payments.status, "PENDING"), lte(payments.expiresAt, now)));
  return eq(payments.status, status);
}
