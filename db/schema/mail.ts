import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export type MailStatus = "PENDING" | "SENT" | "FAILED";
export type MailLocale = "fr" | "en";

/**
 * Outgoing e-mail, written in the transaction of the change that causes it (lib/mail/outbox.ts)
 * and sent by the mail-delivery job (lib/mail/send-job.ts). The message is rendered when it is
 * enqueued, so a retry sends the same bytes the cause produced. `dedupe_key` names the cause
 * (`password-reset:<token id>`…): the same cause never enqueues twice. A sender claims a row by
 * stamping `claim_token` and moving `claimed_until` to the end of a lease; a crashed sender's
 * lease runs out and the message is tried again.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    to: text("to").notNull(),
    locale: text("locale").$type<MailLocale>().notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status").$type<MailStatus>().notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimToken: text("claim_token"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("mail_outbox_dedupe_key_idx").on(t.dedupeKey),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    // Kinds of mail take turns in the sending job's claims (lib/mail/send-job.ts): each kind's next messages, in order.
    index("mail_outbox_turns_idx").on(t.template, t.nextAttemptAt, t.id).where(sql`status = 'PENDING'`),
    check("mail_outbox_status_check", sql`${t.status} in ('PENDING', 'SENT', 'FAILED')`),
    check("mail_outbox_locale_check", sql`${t.locale} in ('fr', 'en')`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
