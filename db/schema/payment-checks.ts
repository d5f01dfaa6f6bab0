import { sql } from "drizzle-orm";
import { index, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/**
 * What the service asked the operator about a PENDING payment, and what it heard: the push to the
 * customer's phone, and each status query after it (docs/decisions/payments.md, "The true status
 * of every payment"). The payment's timeline and the ops console's stuck payments read it.
 * - `kind`: push (the collection sent to the phone), scheduled (the recheck job's backoff),
 *   before_expiry (the recheck job's last question before expires_at), manual (reconcile, from the
 *   API or the dashboard).
 * - A check is written when it starts (`finished_at` null): the recheck job claims a payment by that
 *   row, so another instance finds it checked just now and leaves it; the answer fills the rest.
 * - `operator_status` is null when the operator could not be asked: `error` then says why, in words
 *   safe to show (an OperatorError's message, never a library's).
 * - `slot`: which check of the job's schedule this is (1, 2, … for scheduled, 0 for before_expiry),
 *   unique per payment, so two instances that both find a payment due check it once.
 */
export type PaymentCheckKind = "push" | "scheduled" | "before_expiry" | "manual";
export type PaymentCheckAction = "none" | "settled" | "expired";

export const paymentChecks = pgTable(
  "payment_checks",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id").notNull(),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    kind: text("kind").$type<PaymentCheckKind>().notNull(),
    operatorStatus: text("operator_status").$type<"PENDING" | "SUCCESS" | "FAILED">(),
    reason: text("reason"),
    error: text("error"),
    action: text("action").$type<PaymentCheckAction>(),
    slot: smallint("slot"),
    // On the merchant's clock, like the payment's own times.
    at: timestamp("at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("payment_checks_payment_idx").on(t.paymentId, t.at),
    uniqueIndex("payment_checks_slot_idx").on(t.paymentId, t.kind, t.slot).where(sql`slot is not null`),
  ],
);

export type PaymentCheck = typeof paymentChecks.$inferSelect;
