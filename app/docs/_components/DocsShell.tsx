import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/ui/LanguageSwitch";
import { Wordmark } from "@/components/ui/PublicPageShell";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { DocsNav } from "./DocsNav";

const copy = defineCopy({
  fr: {
    skip: "Aller au contenu",
    home: "Cauri, accueil",
    docs: "Documentation",
    dashboard: "Tableau de bord",
    footer: "Paiements mobile money pour les commerçants du Mali",
  },
  en: {
    skip: "Skip to content",
    home: "Cauri, home",
    docs: "Documentation",
    dashboard: "Dashboard",
    footer: "Mobile money payments for merchants in Mali",
  },
});

/**
 * The frame of every documentation page, in the page's language. Each page renders it (a
 * layout cannot see `?lang=`); `lang` on the root marks the language before LanguageSwitch
 * aligns <html lang> in the browser.
 */
export function DocsShell({ locale, path, children }: { locale: Locale; path: string; children: ReactNode }) {
  const t = copy[locale];
  return (
    <div lang={locale} className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        {t.skip}
      </a>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-3 px-4 py-1">
          <div className="flex items-center gap-3">
            <a href={`/?lang=${locale}`} aria-label={t.home} className="-mx-1 rounded-md px-1">
              <Wordmark />
            </a>
            <span className="text-sm font-semibold text-muted">{t.docs}</span>
          </div>
          <div className="flex flex-wrap items-center gap-1 text-sm">
            <a href="/v1/openapi.json" className="inline-flex min-h-11 items-center rounded-md px-2 font-medium text-brand hover:bg-brand-soft">
              openapi.json
            </a>
            <a href="/dashboard" className="inline-flex min-h-11 items-center rounded-md px-2 font-medium text-brand hover:bg-brand-soft">
              {t.dashboard}
            </a>
            <LanguageSwitch locale={locale} />
          </div>
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 lg:grid-cols-[15rem_1fr] lg:py-10">
        <aside className="min-w-0">
          <DocsNav locale={locale} current={path} />
        </aside>
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
      <footer className="border-t border-line">
        <p className="mx-auto w-full max-w-6xl px-4 py-6 text-sm text-muted">
          <span className="font-semibold text-ink">Cauri</span> · {t.footer}
        </p>
      </footer>
    </div>
  );
}
