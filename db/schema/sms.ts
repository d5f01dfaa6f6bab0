import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

export type SmsStatus = "PENDING" | "SENT" | "DELIVERED" | "UNDELIVERABLE" | "FAILED" | "SUPPRESSED";
export type SmsLocale = "fr" | "en";

/**
 * Outgoing text messages, written in the transaction of the change that causes them
 * (lib/sms/outbox.ts) and sent by the sms-delivery job (lib/sms/send-job.ts), with mail's
 * discipline: rendered when enqueued, `dedupe_key` naming the cause so one cause never sends
 * twice, claimed under a lease (`claim_token`, `claimed_until`), retried with backoff.
 * `segments` is what the operator bills; `gateway_message_ids` (one per segment) match the
 * delivery receipts. A message refused by the rules (opt-out, the daily cap) is kept as
 * SUPPRESSED with the reason, so the merchant sees why a customer got nothing.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").references(() => merchants.id),
    mode: text("mode").$type<"test" | "live">().notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    to: text("to").notNull(),
    locale: text("locale").$type<SmsLocale>().notNull(),
    template: text("template").notNull(),
    text: text("text").notNull(),
    encoding: text("encoding").$type<"gsm7" | "ucs2">().notNull(),
    segments: integer("segments").notNull(),
    /** The customer is waiting for it on a page (a code they asked for): quiet hours do not hold it back. */
    urgent: boolean("urgent").notNull().default(false),
    /** The customer asked for this very message: a STOP that arrives before it leaves does not hold it back. */
    requested: boolean("requested").notNull().default(false),
    status: text("status").$type<SmsStatus>().notNull().default("PENDING"),
    suppressedReason: text("suppressed_reason"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimToken: text("claim_token"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    gatewayMessageIds: text("gateway_message_ids").array().notNull().default(sql`'{}'::text[]`),
    deliveryState: text("delivery_state"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sms_outbox_dedupe_key_idx").on(t.dedupeKey),
    index("sms_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    // Merchants take turns in the sending job's claims (lib/sms/send-job.ts): each one's next messages, in order.
    index("sms_outbox_turns_idx").on(t.merchantId, t.urgent.desc(), t.nextAttemptAt, t.id).where(sql`status = 'PENDING'`),
    // The daily cap counts a customer's messages of the last day (lib/sms/rules.ts).
    index("sms_outbox_recipient_idx").on(t.merchantId, t.to, t.createdAt),
    // A STOP from a number finds every merchant that texted it lately (lib/sms/inbound.ts), across merchants.
    index("sms_outbox_to_idx").on(t.to, t.createdAt),
    index("sms_outbox_gateway_ids_idx").using("gin", t.gatewayMessageIds),
    check("sms_outbox_status_check", sql`${t.status} in ('PENDING', 'SENT', 'DELIVERED', 'UNDELIVERABLE', 'FAILED', 'SUPPRESSED')`),
    check("sms_outbox_locale_check", sql`${t.locale} in ('fr', 'en')`),
  ],
);

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/**
 * Numbers that asked a merchant to stop ("STOP" to the merchant, or through the merchant's
 * support): they get nothing from that merchant but what they ask for themselves.
 */
export const smsOptOuts = pgTable(
  "sms_opt_outs",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.phone] })],
);

/** The uses of text messages a merchant can switch off (lib/sms/uses.ts); all are on until it does. */
export const SMS_USES = ["delivery_code", "payment_receipt", "payment_request", "invoice_reminder", "subscription_payment_due"] as const;
export type SmsUse = (typeof SMS_USES)[number];

export const smsPreferences = pgTable("sms_preferences", {
  merchantId: text("merchant_id")
    .primaryKey()
    .references(() => merchants.id),
  disabled: text("disabled").array().$type<SmsUse[]>().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
