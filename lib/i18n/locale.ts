export type Locale = "fr" | "en";

export const LOCALES: readonly Locale[] = ["fr", "en"];

/** Customers in Mali read French first; English is the second language of the product. */
export const DEFAULT_LOCALE: Locale = "fr";

/** Name of the cookie that remembers the language a visitor picked. */
export const LANG_COOKIE = "lang";

/** Maps "EN", "en-GB" or "fr_ML" to a supported locale; anything else is not a choice. */
export function toLocale(value: string | null | undefined): Locale | undefined {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((locale) => locale === primary);
}

/**
 * The preferred supported language of an Accept-Language header, by q-value; ties keep the
 * header's order. Unsupported tags (bm, wo, de, *) are skipped rather than ending the search,
 * so "bm-ML, fr;q=0.8" is French.
 */
function fromAcceptLanguage(header: string): Locale | undefined {
  let best: { locale: Locale; q: number } | undefined;
  for (const entry of header.split(",")) {
    const [tag, ...params] = entry.split(";");
    const locale = toLocale(tag);
    if (!locale) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale, q };
  }
  return best?.locale;
}

export interface LocaleSources {
  searchParamLang?: string;
  cookieLang?: string;
  acceptLanguage?: string;
}

/**
 * An explicit `?lang=` (a shared link, the language switch) beats the remembered cookie, which
 * beats the browser's language; an invalid value at one level falls through to the next.
 */
export function resolveLocale({ searchParamLang, cookieLang, acceptLanguage }: LocaleSources): Locale {
  return (
    toLocale(searchParamLang) ??
    toLocale(cookieLang) ??
    (acceptLanguage ? fromAcceptLanguage(acceptLanguage) : undefined) ??
    DEFAULT_LOCALE
  );
}
