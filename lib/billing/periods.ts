import type { PlanInterval } from "@/db/schema";

const DAY_MS = 86_400_000;

/** After a failed collection, the period is tried again this many days after the first failure; then the subscription is cancelled. */
export const RETRY_DELAYS_DAYS = [1, 3, 5] as const;

/** A with-payment subscription's first period waits this long for the customer to pay through its link before the cycle collects it by push. */
export const LINK_GRACE_MS = DAY_MS;

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * Start of the period after the one starting at `from`. WEEKLY: 7 days later. MONTHLY: the
 * anchor day (the start date's day of month) of the next month, clamped to that month's last
 * day, same time of day: an anchor of 31 gives Jan 31 → Feb 28 (29) → Mar 31 → Apr 30.
 * Mali is on UTC all year (no daylight saving), so UTC days are the customer's days.
 */
export function nextPeriodStart(from: Date, interval: PlanInterval, anchorDay: number): Date {
  if (interval === "WEEKLY") return new Date(from.getTime() + 7 * DAY_MS);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + 1;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = month % 12;
  const day = Math.min(anchorDay, daysInMonth(targetYear, targetMonth));
  return new Date(Date.UTC(targetYear, targetMonth, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

/** When retry number `retry` (1-based) of a period whose first attempt failed at `firstFailedAt` is due; null after the last one. */
export function retryAt(firstFailedAt: Date, retry: number): Date | null {
  const days = RETRY_DELAYS_DAYS[retry - 1];
  return days === undefined ? null : new Date(firstFailedAt.getTime() + days * DAY_MS);
}
