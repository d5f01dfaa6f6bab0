import { addDays } from "./days";

/**
 * The reminder schedule (docs/decisions/invoices.md): days relative to the due date. A reminder
 * goes on the first run on or after its day, only for days after the invoice was first sent
 * (the invoice itself is the message of that day), and a run that finds several days passed
 * (an instance down, the test clock moved a week) sends only the latest.
 */

/** The next reminder day strictly after `after`, or null when the schedule has none left. */
export function nextReminderOn(dueDate: string, days: readonly number[], after: string): string | null {
  const upcoming = days.map((d) => addDays(dueDate, d)).filter((day) => day > after).sort();
  return upcoming[0] ?? null;
}

/** The offset whose reminder is due today: the latest day of the schedule that has come. */
export function dueReminderOffset(dueDate: string, days: readonly number[], today: string): number | null {
  const passed = days.filter((d) => addDays(dueDate, d) <= today);
  return passed.length ? Math.max(...passed) : null;
}

/** Which words a reminder uses: before the due date, on it, or after it. */
export const reminderKind = (offset: number) => (offset < 0 ? "before" : offset === 0 ? "due" : "overdue");
