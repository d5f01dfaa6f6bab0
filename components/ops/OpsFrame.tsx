import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/dashboard/SignOutButton";
import { LanguageSwitch } from "@/components/ui/LanguageSwitch";
import { Wordmark } from "@/components/ui/PublicPageShell";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { OPS_NAV, opsNavCopy, type OpsSection } from "./nav";

const copy = defineCopy({
  fr: { skip: "Aller au contenu", home: "Cauri, console d'exploitation", console: "Console d'exploitation", nav: "Console d'exploitation", menu: "Menu", signedIn: "Connecté :" },
  en: { skip: "Skip to content", home: "Cauri, operations console", console: "Operations console", nav: "Operations console", menu: "Menu", signedIn: "Signed in:" },
});

function NavList({ locale, active, className }: { locale: Locale; active: OpsSection; className?: string }) {
  return (
    <ul className={className}>
      {OPS_NAV.map((item) => (
        <li key={item.id}>
          <Link
            href={item.href}
            aria-current={item.id === active ? "page" : undefined}
            className={`flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${item.id === active ? "bg-ink text-white" : "text-ink hover:bg-surface"}`}
          >
            {opsNavCopy[locale][item.id]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The service staff's console: a dark header (never mistaken for a merchant's dashboard), navigation, main column. */
export function OpsFrame({ locale, staffEmail, active, children }: { locale: Locale; staffEmail: string; active: OpsSection; children: ReactNode }) {
  const t = copy[locale];
  return (
    <div lang={locale} className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        {t.skip}
      </a>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3">
            <Link href="/ops" aria-label={t.home} className="-mx-1 rounded-md px-1">
              <Wordmark />
            </Link>
            <span className="rounded-md bg-ink px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">{t.console}</span>
            <span className="hidden truncate text-sm text-muted sm:inline">
              {t.signedIn} {staffEmail}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <LanguageSwitch locale={locale} />
            <SignOutButton locale={locale} />
          </div>
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label={t.nav} className="py-3 md:py-6">
          <details className="rounded-lg border border-line bg-surface md:hidden">
            <summary className="flex min-h-11 cursor-pointer items-center rounded-lg px-3 font-semibold text-ink">
              {t.menu} <span className="ml-1 font-normal text-muted">· {opsNavCopy[locale][active]}</span>
            </summary>
            <NavList locale={locale} active={active} className="space-y-1 border-t border-line p-2" />
          </details>
          <NavList locale={locale} active={active} className="hidden space-y-1 md:block" />
        </nav>
        <main id="main" className="min-w-0 pt-2 pb-12 md:py-6">
          {children}
        </main>
      </div>
    </div>
  );
}
