import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/** PENDING until charged (COMPLETED), three wrong codes (CANCELLED), or its payment's expiry (EXPIRED). */
export type OprStatus = "PENDING" | "COMPLETED" | "CANCELLED" | "EXPIRED";

/**
 * Onsite payment requests (sandbox only): a PENDING payment plus a one-time code sent to the
 * customer. The code is kept only as an HMAC with a per-request salt; wrong tries are counted on
 * the row under a row lock.
 */
export const oprRequests = pgTable(
  "opr_requests",
  {
    token: text("token").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    paymentId: text("payment_id").notNull(),
    status: text("status").$type<OprStatus>().notNull(),
    otpSalt: text("otp_salt").notNull(),
    otpHash: text("otp_hash").notNull(),
    attemptsRemaining: integer("attempts_remaining").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("opr_requests_merchant_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst()), index("opr_requests_payment_idx").on(t.paymentId)],
);

/**
 * The simulator's stand-in for the customer's SMS inbox: what a real deployment would hand to
 * an SMS gateway and never store. Test mode only; read by GET /v1/sandbox/opr/{token}/otp.
 */
export const oprSandboxMessages = pgTable("opr_sandbox_messages", {
  token: text("token").primaryKey(),
  merchantId: text("merchant_id").notNull(),
  toPhone: text("to_phone").notNull(),
  otp: text("otp").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});

export type OprRequest = typeof oprRequests.$inferSelect;
