import type { Locale } from "@/lib/i18n/locale";

/** The last `count` full months before `now`'s, newest first, as "YYYY-MM" with a readable label. */
export function pastMonths(now: Date, locale: Locale, count = 12): { value: string; label: string }[] {
  const names = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i, 1));
    const label = names.format(start);
    return { value: start.toISOString().slice(0, 7), label: label.charAt(0).toUpperCase() + label.slice(1) };
  });
}

/** "2026-11" → the month's [from, to) as ISO instants (UTC, Mali's time all year). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  return { from: new Date(Date.UTC(y, m - 1, 1)).toISOString(), to: new Date(Date.UTC(y, m, 1)).toISOString() };
}
