import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, boolean } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

export type PlanInterval = "WEEKLY" | "MONTHLY";
export type SubscriptionStatus = "ACTIVE" | "PAST_DUE" | "CANCELLED";
/** How the current attempt on a period is being made. */
export type ChargeSource = "cycle" | "portal" | "link";
/**
 * AWAITING_PAYMENT: a with-payment link is to pay it; PROCESSING: a payment is in flight;
 * FAILED: the last attempt failed, a retry is scheduled; PAID; UNPAID: given up (cancelled).
 */
export type ChargeStatus = "AWAITING_PAYMENT" | "PROCESSING" | "FAILED" | "PAID" | "UNPAID";

/** A merchant's customers: one per (merchant, mode, phone). */
export const customers = pgTable(
  "customers",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    phone: text("phone").notNull(),
    name: text("name"),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("customers_phone_idx").on(t.merchantId, t.mode, t.phone),
    index("customers_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const billingPlans = pgTable(
  "billing_plans",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    name: text("name").notNull(),
    description: text("description"),
    amount: integer("amount").notNull(),
    interval: text("interval").$type<PlanInterval>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    // DELETE of a plan nobody is subscribed to: gone from the API, kept for old subscriptions' history.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("billing_plans_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    planId: text("plan_id").notNull(),
    customerId: text("customer_id").notNull(),
    customerPhone: text("customer_phone").notNull(),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    // Start of the next (or the current unpaid) period.
    nextBillingDate: timestamp("next_billing_date", { withTimezone: true }).notNull(),
    // Day of month of the start date: MONTHLY periods keep it, clamped to short months.
    anchorDay: smallint("anchor_day").notNull(),
    // When the billing cycle next tries to collect (the due date, a retry, or the end of a with-payment grace).
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    retryCount: integer("retry_count").notNull().default(0),
    // The one payment in flight for this subscription (cycle, portal or link): never two at once.
    pendingPaymentId: text("pending_payment_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("subscriptions_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("subscriptions_customer_idx").on(t.customerId),
    index("subscriptions_plan_idx").on(t.planId, t.status),
    index("subscriptions_due_idx").on(t.nextAttemptAt).where(sql`status in ('ACTIVE', 'PAST_DUE') and pending_payment_id is null`),
  ],
);

/**
 * One row per billed period of a subscription. UNIQUE (subscription_id, period_start): a period
 * is billed once; its retries are further attempts on the same row, never a second charge.
 */
export const billingCharges = pgTable(
  "billing_charges",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id").notNull(),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    amount: integer("amount").notNull(),
    status: text("status").$type<ChargeStatus>().notNull(),
    source: text("source").$type<ChargeSource>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    // The latest attempt's payment; the successful one once PAID.
    paymentId: text("payment_id"),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("billing_charges_period_idx").on(t.subscriptionId, t.periodStart),
    index("billing_charges_payment_idx").on(t.paymentId),
  ],
);

export type Customer = typeof customers.$inferSelect;
export type BillingPlan = typeof billingPlans.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type BillingCharge = typeof billingCharges.$inferSelect;
