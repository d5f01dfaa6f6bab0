import type { Locale } from "@/lib/i18n/locale";

/** A ratio (0.8732) as a percentage to one decimal: "87,3 %" in French (comma, space), "87.3%" in English. */
export function formatPercent(ratio: number, locale: Locale): string {
  const value = String(Math.round(ratio * 1000) / 10).replace(".", locale === "fr" ? "," : ".");
  return locale === "fr" ? `${value} %` : `${value}%`;
}
