import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/**
 * REQUESTED → APPROVED → EXECUTED (staff), REQUESTED | APPROVED → REFUSED (staff),
 * REQUESTED → CANCELLED (the merchant).
 */
export type RefundRequestStatus = "REQUESTED" | "APPROVED" | "EXECUTED" | "REFUSED" | "CANCELLED";
export type RefundReason = "requested_by_customer" | "duplicate" | "fraudulent" | "other";

/**
 * A merchant's request to refund (part of) a successful payment, executed by hand by the
 * service's staff at the operator. The amount is reserved in the ledger from the request on; the
 * row never holds a balance.
 */
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    paymentId: text("payment_id").notNull(),
    amount: integer("amount").notNull(),
    status: text("status").$type<RefundRequestStatus>().notNull(),
    reason: text("reason").$type<RefundReason>().notNull(),
    note: text("note"),
    // E.164; the payment's number unless the merchant named another. Never written to logs.
    customerPhone: text("customer_phone").notNull(),
    // Who asked: a dashboard user (`usr_…`) or an API key (`key:<prefix>`).
    requestedBy: text("requested_by").notNull(),
    // Staff's words on approval or refusal (the merchant reads a refusal's), and the operator's reference on execution.
    staffNote: text("staff_note"),
    operatorReference: text("operator_reference"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by"),
    executedAt: timestamp("executed_at", { withTimezone: true }),
    executedBy: text("executed_by"),
    refusedAt: timestamp("refused_at", { withTimezone: true }),
    refusedBy: text("refused_by"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("refund_requests_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("refund_requests_payment_idx").on(t.paymentId),
    // The staff queue: every merchant's requests in one status, oldest first.
    index("refund_requests_queue_idx").on(t.status, t.createdAt),
  ],
);

export type RefundRequest = typeof refundRequests.$inferSelect;
