import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { mailOutbox, merchants } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { NOTIFICATION_SETTINGS_PATH } from "@/lib/notifications/merchant";
import { merchantRecipients } from "@/lib/notifications/recipients";
import { enqueueMail } from "@/lib/mail/outbox";
import { comparedTotals } from "./queries";

const DAY_MS = 86_400_000;
export const FIGURES_PATH = "/dashboard/figures";

/**
 * Monday morning in Bamako, where every merchant is (Africa/Bamako is UTC+0 all year, and
 * merchants carry no time zone of their own): the hourly check sends from 07:00 to noon, so an
 * instance down at 07:00 still sends later that morning, and never on another day.
 */
const SEND_FROM_HOUR = 7;
const SEND_UNTIL_HOUR = 12;

/** The Monday-to-Sunday week before the one holding `now`, the week before that, and its ISO week label ("2026-W47"). */
export function lastWeek(now: Date): { previousFrom: Date; from: Date; to: Date; label: string } {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const to = today - sinceMonday * DAY_MS;
  const from = to - 7 * DAY_MS;
  return { previousFrom: new Date(from - 7 * DAY_MS), from: new Date(from), to: new Date(to), label: isoWeekLabel(new Date(from)) };
}

/** ISO 8601 week of a UTC day: the week belongs to the year of its Thursday. */
export function isoWeekLabel(day: Date): string {
  const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * DAY_MS);
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export const isSendingWindow = (now: Date): boolean => now.getUTCDay() === 1 && now.getUTCHours() >= SEND_FROM_HOUR && now.getUTCHours() < SEND_UNTIL_HOUR;

/** Last week's live totals beside the week before's, for one merchant. */
export function weekFigures(db: Database, merchantId: string, now: Date) {
  return comparedTotals(db, { merchantId, mode: "live" }, lastWeek(now));
}

const dedupeKey = (merchantId: string, week: string, userId: string) => `weekly-summary:${merchantId}:${week}:${userId}`;

/**
 * The weekly-summary job: on Monday morning, one e-mail per live merchant and recipient (owners and
 * finance members who did not turn `weekly_summary` off) about last week. The outbox's dedupe key
 * (merchant, ISO week, member) makes a second run, or a concurrent one on another instance, add
 * nothing; members already sent are skipped before any sum is computed. A merchant with no live
 * payment in either week gets no mail. Returns how many messages this run created.
 */
export async function runWeeklySummaries(db: Database, now: Date = new Date()): Promise<number> {
  if (!isSendingWindow(now)) return 0;
  const week = lastWeek(now);
  const live = await db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.productionEnabled, true));
  let created = 0;
  for (const merchant of live) {
    const recipients = await merchantRecipients(db, merchant.id, "weekly_summary");
    if (recipients.length === 0) continue;
    const keys = recipients.map((r) => dedupeKey(merchant.id, week.label, r.id));
    const sent = new Set((await db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(inArray(mailOutbox.dedupeKey, keys))).map((r) => r.key));
    const due = recipients.filter((r) => !sent.has(dedupeKey(merchant.id, week.label, r.id)));
    if (due.length === 0) continue;
    const totals = await comparedTotals(db, { merchantId: merchant.id, mode: "live" }, week);
    if (totals.current.count === 0 && totals.previous.count === 0) continue;
    const pick = (t: typeof totals.current) => ({ collected: t.collected, count: t.count, success_rate: t.success_rate });
    const params = {
      merchantName: merchant.name,
      firstDay: week.from.toISOString().slice(0, 10),
      lastDay: new Date(week.to.getTime() - DAY_MS).toISOString().slice(0, 10),
      current: pick(totals.current),
      previous: pick(totals.previous),
      link: `${publicBaseUrl()}${FIGURES_PATH}?period=7`,
      settingsLink: `${publicBaseUrl()}${NOTIFICATION_SETTINGS_PATH}`,
    };
    for (const r of due) {
      const result = await enqueueMail(db, { to: r.email, locale: "fr", template: "weekly_summary", params, dedupeKey: dedupeKey(merchant.id, week.label, r.id) });
      if (result.created) created++;
    }
  }
  return created;
}
