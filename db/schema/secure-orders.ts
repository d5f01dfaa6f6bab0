import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";
import type { PaymentStatus } from "./payments";

export type SecureOrderStatus = "CREATED" | "PAID_HELD" | "RELEASED" | "REFUNDED" | "DISPUTED" | "CANCELLED";
export type DisputeResolution = "release" | "refund";

/**
 * Secure orders (escrow released by a delivery code). The delivery code is never stored in
 * clear: `code_hash` is HMAC-SHA256(server key, id:code) for checking, `code_ciphertext` is
 * AES-256-GCM (iv.tag.ciphertext, base64url, the order id as associated data) so the buyer page
 * and the sandbox route can show it. Both are null until the order is paid.
 */
export const secureOrders = pgTable(
  "secure_orders",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    reference: text("reference").notNull(),
    status: text("status").$type<SecureOrderStatus>().notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("XOF"),
    feeTotal: integer("fee_total").notNull(),
    amountMerchantNet: integer("amount_merchant_net"),
    description: text("description").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerName: text("customer_name"),
    clientReference: text("client_reference"),
    deliveryWindowHours: integer("delivery_window_hours").notNull(),
    // The order's current payment attempt (one PENDING at a time; a new one after a failure).
    paymentIntentId: text("payment_intent_id"),
    paymentStatus: text("payment_status").$type<PaymentStatus>(),
    buyerToken: text("buyer_token").notNull(),
    courierToken: text("courier_token").notNull(),
    codeHash: text("code_hash"),
    codeCiphertext: text("code_ciphertext"),
    codeAttemptsRemaining: integer("code_attempts_remaining").notNull().default(5),
    codeLocked: boolean("code_locked").notNull().default(false),
    payBefore: timestamp("pay_before", { withTimezone: true }).notNull(),
    deliveryDeadline: timestamp("delivery_deadline", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundProviderRef: text("refund_provider_ref"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    disputeReason: text("dispute_reason"),
    disputeResolution: text("dispute_resolution").$type<DisputeResolution>(),
    disputeResolvedAt: timestamp("dispute_resolved_at", { withTimezone: true }),
    disputeResolvedBy: text("dispute_resolved_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("secure_orders_reference_idx").on(t.reference),
    uniqueIndex("secure_orders_buyer_token_idx").on(t.buyerToken),
    uniqueIndex("secure_orders_courier_token_idx").on(t.courierToken),
    index("secure_orders_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("secure_orders_status_list_idx").on(t.merchantId, t.mode, t.status, t.createdAt.desc().nullsFirst()),
    index("secure_orders_client_ref_idx").on(t.merchantId, t.mode, t.clientReference),
    index("secure_orders_customer_phone_idx").on(t.merchantId, t.mode, t.customerPhone),
    index("secure_orders_unpaid_due_idx").on(t.payBefore).where(sql`status = 'CREATED'`),
    index("secure_orders_held_due_idx").on(t.deliveryDeadline).where(sql`status = 'PAID_HELD'`),
    index("secure_orders_disputed_idx").on(t.disputedAt).where(sql`status = 'DISPUTED'`),
    check("secure_orders_attempts_range", sql`${t.codeAttemptsRemaining} between 0 and 5`),
    check("secure_orders_tokens_distinct", sql`${t.buyerToken} <> ${t.courierToken}`),
  ],
);

export type SecureOrder = typeof secureOrders.$inferSelect;
