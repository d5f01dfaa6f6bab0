import Link from "next/link";
import type { ReactNode } from "react";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { LanguageSwitch } from "./LanguageSwitch";
import { TestModeBanner } from "./TestModeBanner";

const copy = defineCopy({
  fr: { skip: "Aller au contenu", home: "Cauri, accueil", tagline: "Paiements mobile money pour les commerçants du Mali" },
  en: { skip: "Skip to content", home: "Cauri, home", tagline: "Mobile money payments for merchants in Mali" },
});

/** The cowrie shell mark and the name; decorative shell, the text carries the meaning. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 text-xl font-bold tracking-tight text-ink ${className ?? ""}`}>
      <svg className="size-7" viewBox="0 0 32 32" aria-hidden="true">
        <ellipse cx="16" cy="16" rx="11" ry="14" fill="var(--color-brand)" />
        <path d="M16 5.5c-2 3.5-2.6 7-2.6 10.5s.6 7 2.6 10.5c2-3.5 2.6-7 2.6-10.5S18 9 16 5.5Z" fill="var(--color-canvas)" />
        <path d="M13.6 10h-2M13.3 14h-2.2M13.3 18h-2.2M13.6 22h-2M18.4 10h2M18.7 14h2.2M18.7 18h2.2M18.4 22h2" stroke="var(--color-canvas)" strokeWidth="1.4" strokeLinecap="round" />
      </svg>
      Cauri
    </span>
  );
}

interface PublicPageShellProps {
  locale: Locale;
  children: ReactNode;
  /** Adds the test-mode banner above the header, for pages showing a test-mode object. */
  testMode?: boolean;
  /** `narrow` (default) is the single phone-sized column of checkout-like pages. */
  width?: "narrow" | "wide";
}

/**
 * Frame of the public, unauthenticated pages (hosted checkout, payment link, secure order,
 * portal, landing): wordmark, language switch, one centred column, footer. Mobile first: the
 * column is full width with side padding on a 360px phone.
 */
export function PublicPageShell({ locale, children, testMode = false, width = "narrow" }: PublicPageShellProps) {
  const t = copy[locale];
  const column = width === "narrow" ? "max-w-md" : "max-w-5xl";
  return (
    <div lang={locale} className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t.skip}
      </a>
      {testMode ? <TestModeBanner locale={locale} /> : null}
      <header className="border-b border-line bg-surface">
        <div className={`mx-auto flex w-full items-center justify-between gap-4 px-4 py-2 ${column}`}>
          {/* prefetch={false}: a customer on a checkout or link page has no use for the home page's data (nor their data plan). */}
          <Link href={`/?lang=${locale}`} prefetch={false} aria-label={t.home} className="-mx-1 rounded-md px-1">
            <Wordmark />
          </Link>
          <LanguageSwitch locale={locale} />
        </div>
      </header>
      <main id="main" className={`mx-auto w-full flex-1 px-4 py-6 sm:py-10 ${column}`}>
        {children}
      </main>
      <footer className="border-t border-line">
        <div className={`mx-auto w-full px-4 py-6 text-sm text-muted ${column}`}>
          <p>
            <span className="font-semibold text-ink">Cauri</span> · {t.tagline}
          </p>
        </div>
      </footer>
    </div>
  );
}
