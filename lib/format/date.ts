/**
 * Dates shown to merchants and buyers are in Mali's local time. The string is assembled from
 * numeric parts and our own month names rather than Intl's full pattern, because ICU versions
 * differ between Node and browsers ("14:05" vs "14 h 05", ", " vs " à ") and a server-rendered
 * date must hydrate to the same text.
 */
import type { Locale } from "@/lib/i18n/locale";

const TIME_ZONE = "Africa/Bamako";

const MONTHS: Record<Locale, readonly string[]> = {
  fr: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
};

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function toDate(date: Date | string): Date {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) {
    throw new RangeError(`Invalid date: ${String(date)}`);
  }
  return value;
}

/** "21 nov. 2026, 14:05" (fr) or "21 Nov 2026, 14:05" (en), in Africa/Bamako time. */
export function formatBamako(date: Date | string, locale: Locale): string {
  const p: Record<string, string> = {};
  for (const { type, value } of parts.formatToParts(toDate(date))) p[type] = value;
  const month = MONTHS[locale][Number(p.month) - 1];
  return `${Number(p.day)} ${month} ${p.year}, ${p.hour}:${p.minute}`;
}

/** The exact instant, for a `title` or `<time dateTime>` beside a formatted date. */
export function toUtcIso(date: Date | string): string {
  return toDate(date).toISOString();
}

/** "21 nov." (fr) or "21 Nov" (en): a calendar day ("2026-11-21") as a chart's axis or row label. */
export function formatDay(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Invalid day: ${day}`);
  return `${Number(match[3])} ${MONTHS[locale][Number(match[2]) - 1]}`;
}

/** "21 nov. 2026" (fr) or "21 Nov 2026" (en): a calendar day ("2026-11-21") with its year, as a due date. */
export function formatDate(day: string, locale: Locale): string {
  return `${formatDay(day, locale)} ${day.slice(0, 4)}`;
}
