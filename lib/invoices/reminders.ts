import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { invoiceReminders, invoices, merchants } from "@/db/schema";
import { merchantNow, merchantNowSql } from "@/lib/clock";
import type { JobScope } from "@/lib/core/job-scope";
import { emitEvent } from "@/lib/events/emit";
import { smsUseEnabled } from "@/lib/sms/uses";
import { dayOf } from "./days";
import { messageInvoice } from "./messages";
import { dueReminderOffset, nextReminderOn } from "./schedule";
import { reminderChannels } from "./send";
import { invoiceResource } from "./serialize";
import { recordActivity } from "./store";

/** Invoices one pass handles, in one transaction. */
export const REMINDER_BATCH = 200;

/** Today on each invoice's merchant clock, in SQL: Mali's day is the UTC day. */
const todaySql = sql`(${merchantNowSql(sql`${merchants.testClockOffsetSeconds}`, sql`${invoices.mode}`)} at time zone 'UTC')::date`;

/**
 * The invoice-reminders job: an OPEN invoice past its due date becomes overdue (event
 * invoice.overdue, once: `overdue_at` is set with it), and one whose next reminder day has come
 * on its merchant's clock is reminded by the channels it was sent on. Rows are claimed with
 * SKIP LOCKED and each reminder is a row keyed (invoice, day): on two instances, each is sent
 * once. Payment or void stops both (status is no longer OPEN).
 */
export async function runInvoiceReminders(db: Database, scope: JobScope = {}): Promise<{ overdue: number; reminded: number }> {
  const overdue = await markOverdue(db, scope);
  const reminded = await sendDueReminders(db, scope);
  return { overdue, reminded };
}

async function markOverdue(db: Database, scope: JobScope): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const due = await tx
      .select({ invoice: invoices, offset: merchants.testClockOffsetSeconds })
      .from(invoices)
      .innerJoin(merchants, eq(merchants.id, invoices.merchantId))
      .where(and(eq(invoices.status, "OPEN"), isNull(invoices.overdueAt), sql`${invoices.dueDate} < ${todaySql}`, scope.merchantId ? eq(invoices.merchantId, scope.merchantId) : undefined))
      .limit(REMINDER_BATCH)
      .for("update", { of: invoices, skipLocked: true });
    for (const { invoice, offset } of due) {
      const now = merchantNow({ testClockOffsetSeconds: offset }, invoice.mode);
      const [marked] = await tx.update(invoices).set({ overdueAt: now, updatedAt: now }).where(eq(invoices.id, invoice.id)).returning();
      await recordActivity(tx, invoice.id, "overdue", now, { detail: { due_date: invoice.dueDate } });
      await emitEvent(tx, { merchantId: invoice.merchantId, applicationId: invoice.applicationId, mode: invoice.mode, type: "invoice.overdue", object: invoiceResource(marked, now), at: now });
    }
    return due.length;
  });
}

async function sendDueReminders(db: Database, scope: JobScope): Promise<number> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const due = await tx
      .select({ invoice: invoices, merchantName: merchants.name, offset: merchants.testClockOffsetSeconds })
      .from(invoices)
      .innerJoin(merchants, eq(merchants.id, invoices.merchantId))
      .where(and(eq(invoices.status, "OPEN"), lte(invoices.nextReminderOn, todaySql), scope.merchantId ? eq(invoices.merchantId, scope.merchantId) : undefined))
      .limit(REMINDER_BATCH)
      .for("update", { of: invoices, skipLocked: true });
    let reminded = 0;
    for (const { invoice, merchantName, offset: clockOffset } of due) {
      const now = merchantNow({ testClockOffsetSeconds: clockOffset }, invoice.mode);
      const today = dayOf(now);
      const final = { ...invoice, number: invoice.number!, dueDate: invoice.dueDate! };
      const offset = dueReminderOffset(final.dueDate, invoice.reminderDays, today);
      if (offset !== null) {
        const [claimed] = await tx.insert(invoiceReminders).values({ invoiceId: invoice.id, dayOffset: offset, sentAt: now }).onConflictDoNothing().returning();
        if (claimed) {
          const channels = reminderChannels(invoice.sentChannels).filter((c) => c !== "email" || invoice.customerEmail);
          const bySms = channels.includes("sms") && (await smsUseEnabled(tx, invoice.merchantId, "invoice_reminder"));
          const sent = bySms ? channels : channels.filter((c) => c !== "sms");
          const deliveries = await messageInvoice(tx, final, merchantName, sent, { kind: "reminder", offset });
          for (const channel of sent) {
            const delivery = channel === "sms" ? deliveries.sms : deliveries.email;
            await recordActivity(tx, invoice.id, "reminded", now, { channel, detail: { day_offset: offset, status: delivery?.status, reason: delivery?.reason ?? null } });
          }
          reminded++;
        }
      }
      await tx.update(invoices).set({ nextReminderOn: nextReminderOn(final.dueDate, invoice.reminderDays, today) }).where(eq(invoices.id, invoice.id));
    }
    return reminded;
  });
}
