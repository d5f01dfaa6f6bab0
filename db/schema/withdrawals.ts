import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/**
 * PENDING → APPROVED → COMPLETED; PENDING → REJECTED (by staff); PENDING → CANCELLED (by the merchant).
 * Above the merchant's approval threshold a request starts AWAITING_APPROVAL: a second owner or
 * admin turns it PENDING or refuses it (CANCELLED, cancellation_reason "refused"); the requester may cancel it.
 */
export type WithdrawalStatus = "AWAITING_APPROVAL" | "PENDING" | "APPROVED" | "COMPLETED" | "REJECTED" | "CANCELLED";
/** Why a withdrawal was CANCELLED: withdrawn by the merchant, or refused by a second team member. */
export type WithdrawalCancellationReason = "requester" | "refused";
/** Where the request came from (`_source` of the withdrawal object). */
export type WithdrawalSource = "api" | "dashboard";

/**
 * A balance withdrawal, verified and executed manually by the service's staff. The amount is
 * reserved in the ledger when the request is created; the row never holds a balance.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    // UUID, as the contract says.
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    reference: text("reference").notNull(),
    amount: integer("amount").notNull(),
    fee: integer("fee").notNull(),
    netAmount: integer("net_amount").notNull(),
    currency: text("currency").notNull().default("XOF"),
    status: text("status").$type<WithdrawalStatus>().notNull(),
    provider: text("provider").notNull().default("OPERATOR_MONEY"),
    phoneNumber: text("phone_number").notNull(),
    notes: text("notes"),
    source: text("source").$type<WithdrawalSource>().notNull(),
    // Filled by staff: the operator's transfer reference on completion, the reason on rejection.
    operatorReference: text("operator_reference"),
    rejectionReason: text("rejection_reason"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: text("completed_by"),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    rejectedBy: text("rejected_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason").$type<WithdrawalCancellationReason>(),
    // The team's second approval: who asked ("user:<id>" or "api_key:<id>", the audit actor), and
    // which owner or admin approved or refused it, when, and why (a refusal's optional note).
    approvalRequired: boolean("approval_required").notNull().default(false),
    requestedBy: text("requested_by"),
    teamDecidedAt: timestamp("team_decided_at", { withTimezone: true }),
    teamDecidedBy: text("team_decided_by"),
    teamRefusalReason: text("team_refusal_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("withdrawals_reference_idx").on(t.reference),
    index("withdrawals_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("withdrawals_status_list_idx").on(t.merchantId, t.mode, t.status, t.createdAt.desc().nullsFirst()),
    index("withdrawals_phone_idx").on(t.merchantId, t.mode, t.phoneNumber),
    // The staff queue: every merchant's requests in one status, oldest first.
    index("withdrawals_queue_idx").on(t.status, t.createdAt),
  ],
);

export type Withdrawal = typeof withdrawals.$inferSelect;
