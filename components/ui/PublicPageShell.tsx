import Link from "next/link";
import type { CSSProperties, ReactNode } from "react";
import type { Brand } from "@/lib/branding/brand";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { LanguageSwitch } from "./LanguageSwitch";
import { TestModeBanner } from "./TestModeBanner";

const copy = defineCopy({
  fr: { skip: "Aller au contenu", home: "Cauri, accueil", tagline: "Paiements mobile money pour les commerçants du Mali", carriedBy: "Paiement sécurisé par " },
  en: { skip: "Skip to content", home: "Cauri, home", tagline: "Mobile money payments for merchants in Mali", carriedBy: "Payment secured by " },
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

const MARK_SIZE = 40;

/**
 * The merchant's logo (which usually spells the name, and is named by its alt text), else its
 * initials in a circle of its accent colour (or the service's green) beside its name: one piece
 * for every page and document that names who is paid.
 */
export function MerchantMark({ brand }: { brand: Brand }) {
  if (brand.logo)
    return (
      // A plain <img>: the file is already small and served with its own long cache (app/brand); no optimiser in between.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={brand.logo.url}
        alt={brand.name}
        width={Math.round((brand.logo.width / brand.logo.height) * MARK_SIZE)}
        height={MARK_SIZE}
        className="h-10 w-auto max-w-48 shrink-0 object-contain object-left"
        data-testid="merchant-logo"
      />
    );
  return (
    <span className="inline-flex min-w-0 items-center gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-base font-bold text-white" aria-hidden="true" data-testid="merchant-initials">
        {brand.initials}
      </span>
      <span className="truncate text-lg font-bold text-ink" data-testid="merchant-name">
        {brand.name}
      </span>
    </span>
  );
}

/**
 * The accent as the shell's own `--color-brand` (and the two shades derived from it): every
 * button, link and border inside the page that uses the brand colour takes the merchant's, and
 * nothing else needs to know. The accent was checked readable on the page and under white text
 * (lib/branding/contrast.ts); the hover shade is darker, the soft one near white, so both stay so.
 */
export function accentVariables(accent: string | null): CSSProperties | undefined {
  if (!accent) return undefined;
  return {
    "--color-brand": accent,
    "--color-brand-strong": `color-mix(in srgb, ${accent} 80%, black)`,
    "--color-brand-soft": `color-mix(in srgb, ${accent} 3%, white)`,
  } as CSSProperties;
}

interface PublicPageShellProps {
  locale: Locale;
  /** The merchant the page is for: its logo or initials and name lead the header, its accent colours the page. */
  brand?: Brand | null;
  children: ReactNode;
  /** Adds the test-mode banner above the header, for pages showing a test-mode object. */
  testMode?: boolean;
  /** `narrow` (default) is the single phone-sized column of checkout-like pages; `medium` fits a document's table (an invoice). */
  width?: "narrow" | "medium" | "wide";
}

/**
 * Frame of the public, unauthenticated pages (hosted checkout, payment link, secure order,
 * portal, landing): the merchant's mark (else the wordmark), language switch, one centred
 * column, footer. Mobile first: the column is full width with side padding on a 360px phone.
 */
export function PublicPageShell({ locale, brand, children, testMode = false, width = "narrow" }: PublicPageShellProps) {
  const t = copy[locale];
  const column = { narrow: "max-w-md", medium: "max-w-2xl", wide: "max-w-5xl" }[width];
  return (
    <div lang={locale} className="flex min-h-dvh flex-col" style={accentVariables(brand?.accent ?? null)}>
      <a
        href="#main"
        className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t.skip}
      </a>
      {testMode ? <TestModeBanner locale={locale} /> : null}
      <header className={`border-b border-line bg-surface ${brand ? "border-t-4 border-t-brand" : ""}`}>
        <div className={`mx-auto flex w-full items-center justify-between gap-4 px-4 py-2 ${column}`}>
          {brand ? (
            <MerchantMark brand={brand} />
          ) : (
            // prefetch={false}: a customer on a checkout or link page has no use for the home page's data (nor their data plan).
            <Link href={`/?lang=${locale}`} prefetch={false} aria-label={t.home} className="-mx-1 rounded-md px-1">
              <Wordmark />
            </Link>
          )}
          <LanguageSwitch locale={locale} />
        </div>
      </header>
      <main id="main" className={`mx-auto w-full flex-1 px-4 py-6 sm:py-10 ${column}`}>
        {children}
      </main>
      <footer className="border-t border-line">
        <div className={`mx-auto w-full px-4 py-6 text-sm text-muted ${column}`}>
          <p>
            {brand ? t.carriedBy : null}
            <span className="font-semibold text-ink">Cauri</span> · {t.tagline}
          </p>
        </div>
      </footer>
    </div>
  );
}
