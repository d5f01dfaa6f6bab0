import type { Locale } from "@/lib/i18n/locale";
import { searchCopy } from "./copy";

const box = "mt-4 rounded-2xl border border-line bg-surface p-5";

/** Before anything is typed: what can be searched, and how to type a phone. */
export function SearchPrompt({ locale }: { locale: Locale }) {
  const t = searchCopy[locale];
  return (
    <div className={box}>
      <p className="text-ink">{t.prompt}</p>
      <p className="mt-2 text-sm text-muted">{t.phoneHint}</p>
    </div>
  );
}

/** While the server searches (streamed in place of the results). */
export function SearchLoading({ locale }: { locale: Locale }) {
  const t = searchCopy[locale];
  return (
    <div role="status" className={`${box} flex items-center gap-3`}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-line-strong border-t-brand" />
      <span className="text-ink">{t.loading}</span>
    </div>
  );
}

/** A query the search refuses (too long): what is wrong and what to do. */
export function SearchRefused({ locale, length, max }: { locale: Locale; length: number; max: number }) {
  const t = searchCopy[locale];
  return (
    <p role="alert" className="mt-4 rounded-2xl border border-danger bg-danger-soft p-4 font-semibold text-danger-strong">
      {t.tooLong(length, max)}
    </p>
  );
}
