import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

export type PaymentStatus = "PENDING" | "SUCCESS" | "FAILED" | "EXPIRED" | "CANCELLED";
/** What a payment pays for; settlement hands the outcome to that area. */
// "opr": an onsite payment request, completed only by POST /v1/opr/charge with its one-time code.
export type PaymentPurpose = "direct" | "payment_link" | "secure_order" | "subscription" | "opr" | "invoice";
export type OperatorAdapterName = "simulator" | "sandbox" | "live";

export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("XOF"),
    paymentMethod: text("payment_method").notNull().default("OPERATOR_MONEY"),
    country: text("country"),
    customerPhone: text("customer_phone").notNull(),
    customerName: text("customer_name"),
    customerEmail: text("customer_email"),
    customerId: text("customer_id"),
    description: text("description"),
    returnUrl: text("return_url"),
    clientReference: text("client_reference"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    items: jsonb("items").$type<unknown[] | null>(),
    feeTotal: integer("fee_total").notNull(),
    adapter: text("adapter").$type<OperatorAdapterName>().notNull(),
    gatewayUsed: text("gateway_used").notNull(),
    routingReason: text("routing_reason").notNull(),
    provider: text("provider").notNull().default("OPERATOR_MONEY"),
    providerRef: text("provider_ref"),
    // Operator-side session started by the first initiation; reused on reload or double click.
    operatorSessionId: text("operator_session_id"),
    initiatedAt: timestamp("initiated_at", { withTimezone: true }),
    statusReason: text("status_reason"),
    purpose: text("purpose").$type<PaymentPurpose>().notNull().default("direct"),
    purposeRef: text("purpose_ref"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("payments_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("payments_status_list_idx").on(t.merchantId, t.mode, t.status, t.createdAt.desc().nullsFirst()),
    index("payments_client_ref_idx").on(t.merchantId, t.mode, t.clientReference),
    // The dashboard's search by a whole phone number (lib/search): an index lookup, not a scan of the merchant's rows.
    index("payments_customer_phone_idx").on(t.merchantId, t.mode, t.customerPhone),
    index("payments_purpose_idx").on(t.purpose, t.purposeRef),
    index("payments_pending_expiry_idx").on(t.expiresAt).where(sql`status = 'PENDING'`),
    uniqueIndex("payments_operator_session_idx").on(t.operatorSessionId),
    // The daily reconciliation (lib/reconciliation/match.ts): a statement line finds its payment by the
    // operator's reference, and the day's live collections are a range on settled_at, not a scan.
    index("payments_provider_ref_idx").on(t.providerRef).where(sql`provider_ref is not null`),
    index("payments_live_settled_idx").on(t.settledAt).where(sql`status = 'SUCCESS' and mode = 'live'`),
  ],
);

export type Payment = typeof payments.$inferSelect;

/**
 * How many payments a merchant has per mode and status, so a list's `pagination.total` reads a
 * handful of rows whatever the size of `payments`. A trigger on `payments` appends +1/-1 rows to
 * `payment_count_deltas` (insert-only: a payment's transaction never waits on a shared counter
 * row, so counters can add no lock wait and no deadlock to the money paths); the
 * `payment-count-compaction` job folds them into `payment_counts`. A total is the sum of both,
 * read in one statement (lib/payments/counts.ts).
 */
export const paymentCounts = pgTable(
  "payment_counts",
  {
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode, t.status] })],
);

export const paymentCountDeltas = pgTable(
  "payment_count_deltas",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    delta: smallint("delta").notNull(),
  },
  (t) => [index("payment_count_deltas_scope_idx").on(t.merchantId, t.mode, t.status)],
);

export type LateCollectionStatus = "OPEN" | "CREDITED" | "REFUNDED";

/**
 * Money the operator collected for a payment that had already ended (CANCELLED, EXPIRED or
 * FAILED): the customer was charged, so the collection is never dropped. It is booked into
 * `late_collections_suspense` when it arrives and waits for staff, who either credit the merchant
 * or refund the customer through support; each resolution is an audited action with its journal.
 * One row per payment: a duplicated late callback finds it and books nothing twice.
 */
export const lateCollections = pgTable(
  "late_collections",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id").notNull(),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    amount: integer("amount").notNull(),
    // The payment's status when the operator's SUCCESS arrived; it never changes afterwards.
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull(),
    providerRef: text("provider_ref"),
    status: text("status").$type<LateCollectionStatus>().notNull().default("OPEN"),
    resolutionNote: text("resolution_note"),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("late_collections_payment_idx").on(t.paymentId),
    index("late_collections_status_idx").on(t.status, t.createdAt),
    index("late_collections_merchant_idx").on(t.merchantId, t.mode, t.createdAt),
  ],
);

export type LateCollection = typeof lateCollections.$inferSelect;
