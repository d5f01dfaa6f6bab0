import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/** Stored states; OVERDUE is what an OPEN invoice is called once its due date has passed (lib/invoices/status.ts). */
export type InvoiceStatus = "DRAFT" | "OPEN" | "PAID" | "VOID";
export type InvoiceChannel = "sms" | "email" | "whatsapp";
export type InvoiceLocale = "fr" | "en";
/** One line as stored: `amount` = quantity × unit_amount, computed by the service. */
export type InvoiceLine = { description: string; quantity: number; unit_amount: number; amount: number };

/**
 * Invoices (lib/invoices, docs/decisions/invoices.md). A draft can change; finalizing gives it a
 * number from the merchant's sequence (`invoice_sequences`) and opens it for payment on its
 * hosted page (`token`). It is paid through a payment of purpose "invoice" (one attempt at a
 * time, `payment_id`), and becomes PAID exactly once in that payment's settlement.
 * `next_reminder_on` is the day the reminder job looks at it next (null: no reminder left).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    status: text("status").$type<InvoiceStatus>().notNull(),
    number: text("number"),
    token: text("token").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerName: text("customer_name"),
    customerEmail: text("customer_email"),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("XOF"),
    dueDate: date("due_date", { mode: "string" }),
    notes: text("notes"),
    locale: text("locale").$type<InvoiceLocale>().notNull().default("fr"),
    reminderDays: integer("reminder_days").array().notNull(),
    clientReference: text("client_reference"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    sentChannels: text("sent_channels").array().$type<InvoiceChannel[]>().notNull().default(sql`'{}'::text[]`),
    sendCount: integer("send_count").notNull().default(0),
    firstSentAt: timestamp("first_sent_at", { withTimezone: true }),
    nextReminderOn: date("next_reminder_on", { mode: "string" }),
    // The current payment attempt: one PENDING at a time, a new one only after it failed or expired.
    paymentId: text("payment_id"),
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
    overdueAt: timestamp("overdue_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("invoices_token_idx").on(t.token),
    uniqueIndex("invoices_number_idx").on(t.merchantId, t.mode, t.number).where(sql`number is not null`),
    index("invoices_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("invoices_customer_phone_idx").on(t.merchantId, t.mode, t.customerPhone),
    index("invoices_overdue_due_idx").on(t.dueDate).where(sql`status = 'OPEN' and overdue_at is null`),
    index("invoices_reminder_due_idx").on(t.nextReminderOn).where(sql`status = 'OPEN' and next_reminder_on is not null`),
    check("invoices_status_check", sql`${t.status} in ('DRAFT', 'OPEN', 'PAID', 'VOID')`),
    check("invoices_number_when_final", sql`(${t.status} = 'DRAFT') = (${t.number} is null)`),
  ],
);

export type Invoice = typeof invoices.$inferSelect;

/**
 * The last number each merchant used per mode and year: finalizing takes the next one in its own
 * transaction, so a number is used once and, a rolled-back finalization taking its increment
 * with it, the sequence has no gaps (an invoicing requirement in OHADA countries as in France).
 */
export const invoiceSequences = pgTable(
  "invoice_sequences",
  {
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.mode, t.year] })],
);

export type InvoiceActivityKind =
  | "created"
  | "finalized"
  | "sent"
  | "viewed"
  | "reminded"
  | "payment_started"
  | "payment_failed"
  | "paid"
  | "overdue"
  | "voided";

/** What happened to an invoice, for the dashboard's timeline; append-only. */
export const invoiceActivity = pgTable(
  "invoice_activity",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: text("invoice_id").notNull(),
    kind: text("kind").$type<InvoiceActivityKind>().notNull(),
    channel: text("channel").$type<InvoiceChannel>(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("invoice_activity_invoice_idx").on(t.invoiceId, t.at)],
);

export type InvoiceActivity = typeof invoiceActivity.$inferSelect;

/** One row per reminder sent: the key (invoice, day offset) makes the job send each once, on any number of instances. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: text("invoice_id").notNull(),
    dayOffset: integer("day_offset").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.dayOffset] })],
);
