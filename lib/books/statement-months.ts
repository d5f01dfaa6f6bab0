import type { Locale } from "@/lib/i18n/locale";

/** One month a statement can be asked for: "YYYY-MM", its label, and whether it is still running. */
export type StatementMonth = { value: string; label: string; current: boolean };

const monthStart = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);

/**
 * The months a merchant's statement can cover, newest first: the current month (to date) back to
 * the month the account was created, at most `count`. Months are calendar months in Bamako time,
 * which is UTC all year (no daylight saving), so UTC arithmetic is Bamako's.
 */
export function statementMonths(createdAt: Date, now: Date, locale: Locale, count = 13): StatementMonth[] {
  const names = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  const first = monthStart(createdAt);
  const out: StatementMonth[] = [];
  for (let i = 0; i < count; i++) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    if (start.getTime() < first) break;
    const label = names.format(start);
    out.push({ value: start.toISOString().slice(0, 7), label: label.charAt(0).toUpperCase() + label.slice(1), current: i === 0 });
  }
  return out;
}

/**
 * "2026-11" → the period a statement of that month covers, as ISO instants: the whole month, or
 * up to `now` for the month still running (a statement never claims a future it has not seen).
 */
export function statementRange(month: string, now: Date): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  const end = Date.UTC(y, m, 1);
  return { from: new Date(Date.UTC(y, m - 1, 1)).toISOString(), to: new Date(Math.min(end, now.getTime())).toISOString() };
}
