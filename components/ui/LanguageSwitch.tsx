"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, useEffect } from "react";
import { LANG_COOKIE, type Locale } from "@/lib/i18n/locale";

const LANGUAGES: readonly { locale: Locale; short: string; name: string }[] = [
  { locale: "fr", short: "FR", name: "Français" },
  { locale: "en", short: "EN", name: "English" },
];

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function remember(locale: Locale) {
  document.cookie = `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

interface LinksProps {
  locale: Locale;
  hrefFor: (locale: Locale) => string;
}

// Plain <a>, not next/link: a full load lets the root layout re-read the cookie and set
// <html lang>, which a client-side transition would leave stale.
function Links({ locale, hrefFor }: LinksProps) {
  return (
    <ul className="flex items-center gap-1 text-sm">
      {LANGUAGES.map((language) => {
        const current = language.locale === locale;
        return (
          <li key={language.locale}>
            <a
              href={hrefFor(language.locale)}
              hrefLang={language.locale}
              lang={language.locale}
              aria-current={current ? "true" : undefined}
              onClick={() => remember(language.locale)}
              className={[
                "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 font-semibold",
                current ? "bg-brand-soft text-brand" : "text-muted hover:bg-canvas hover:text-ink",
              ].join(" ")}
            >
              <span aria-hidden="true">{language.short}</span>
              <span className="sr-only">{language.name}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

// Keeps the page's other query parameters (an amount, a reference) when switching language.
function LinksForCurrentUrl({ locale }: { locale: Locale }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const hrefFor = (target: Locale) => {
    const params = new URLSearchParams(searchParams.toString());
    params.set("lang", target);
    return `${pathname}?${params.toString()}`;
  };
  return <Links locale={locale} hrefFor={hrefFor} />;
}

/**
 * FR / EN links that add `?lang=` to the current URL and remember the choice in the `lang`
 * cookie. `locale` is the language the page was rendered in.
 */
export function LanguageSwitch({ locale }: { locale: Locale }) {
  // The root layout can only see the cookie and Accept-Language, not `?lang=`; align <html
  // lang> with what the page actually rendered once it is interactive.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <nav aria-label={locale === "fr" ? "Langue" : "Language"}>
      {/* useSearchParams suspends during static prerendering; the fallback links are correct for pages without other query parameters. */}
      <Suspense fallback={<Links locale={locale} hrefFor={(target) => `?lang=${target}`} />}>
        <LinksForCurrentUrl locale={locale} />
      </Suspense>
    </nav>
  );
}
