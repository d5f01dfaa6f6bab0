import type { Locale } from "@/lib/i18n/locale";

/** A dashboard path in the page's language (French, the default, needs no parameter); a #section stays last. */
export function localized(path: string, locale: Locale): string {
  if (locale === "fr") return path;
  const [base, hash] = path.split("#");
  return `${base}${base!.includes("?") ? "&" : "?"}lang=en${hash ? `#${hash}` : ""}`;
}
