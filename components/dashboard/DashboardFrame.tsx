import Link from "next/link";
import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/ui/LanguageSwitch";
import { Wordmark } from "@/components/ui/PublicPageShell";
import { TestModeBanner } from "@/components/ui/TestModeBanner";
import type { Mode } from "@/db/schema";
import { currentUser } from "@/lib/http/session";
import { can } from "@/lib/auth/permissions";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { ApplicationSwitchSlot } from "./ApplicationSwitchSlot";
import { ModeSwitch } from "./ModeSwitch";
import { DASHBOARD_NAV, navCopy, type DashboardSection } from "./nav";
import { HeaderSearch } from "./search/HeaderSearch";
import { SignOutButton } from "./SignOutButton";

const copy = defineCopy({
  fr: {
    skip: "Aller au contenu",
    home: "Cauri, tableau de bord",
    nav: "Tableau de bord",
    menu: "Menu",
    liveTitle: "Mode production",
    liveDetail: "Les données affichées sont réelles.",
    liveClosed: "La production n'est pas encore ouverte pour votre compte : aucune donnée réelle ici pour l'instant.",
    requestAccess: "Demander l'accès",
  },
  en: {
    skip: "Skip to content",
    home: "Cauri, dashboard",
    nav: "Dashboard",
    menu: "Menu",
    liveTitle: "Live mode",
    liveDetail: "The data shown is real.",
    liveClosed: "Production is not open for your account yet: there is no live data here for now.",
    requestAccess: "Request access",
  },
});

interface DashboardFrameProps {
  locale: Locale;
  mode: Mode;
  merchantName: string;
  productionEnabled: boolean;
  /** The section to mark current; null on a page outside the sections (search results). */
  active: DashboardSection | null;
  /** What the header's search field shows (the search page's query). */
  query?: string;
  children: ReactNode;
}

// Only the sections the member's role opens (the render's cached user; each page checks again on the server).
async function NavList({ locale, active, className }: { locale: Locale; active: DashboardSection | null; className?: string }) {
  const labels = navCopy[locale];
  const role = (await currentUser())?.merchantRole;
  return (
    <ul className={className}>
      {DASHBOARD_NAV.filter((item) => can(role, item.permission)).map((item) => {
        const current = item.id === active;
        return (
          <li key={item.id}>
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={[
                "flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold",
                current ? "bg-brand-soft text-brand-strong" : "text-ink hover:bg-surface",
              ].join(" ")}
            >
              {labels[item.id]}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The dashboard's frame: the test-mode banner (always, in test mode), header with the mode
 * switch, language and sign-out, the section navigation (a sidebar from 768 px, a disclosure
 * menu on phones) and the main column. Each page renders it with its own locale and section.
 */
export function DashboardFrame({ locale, mode, merchantName, productionEnabled, active, query, children }: DashboardFrameProps) {
  const t = copy[locale];
  return (
    <div lang={locale} className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        {t.skip}
      </a>
      {mode === "test" ? (
        <TestModeBanner locale={locale} />
      ) : (
        <div role="note" className="border-y-2 border-brand-strong bg-brand px-4 py-2 text-center text-sm text-white">
          <strong className="mr-1.5 font-bold tracking-wide uppercase">{t.liveTitle}</strong>
          <span>{productionEnabled ? t.liveDetail : t.liveClosed}</span>
          {!productionEnabled ? (
            <>
              {" "}
              <Link href="/dashboard/settings#production" className="font-semibold text-white underline">
                {t.requestAccess}
              </Link>
            </>
          ) : null}
        </div>
      )}
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
          <div className="flex min-w-0 items-center gap-3">
            <Link href="/dashboard" aria-label={t.home} className="-mx-1 rounded-md px-1">
              <Wordmark />
            </Link>
            <span className="hidden max-w-48 truncate text-sm font-semibold text-muted sm:inline" title={merchantName}>
              {merchantName}
            </span>
          </div>
          {/* Its own full-width row below the controls, up to a wide screen where it fits between them. */}
          <div className="order-last w-full xl:order-none xl:w-auto xl:max-w-sm xl:flex-1">
            <HeaderSearch locale={locale} query={query} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ApplicationSwitchSlot locale={locale} />
            <ModeSwitch mode={mode} locale={locale} />
            <LanguageSwitch locale={locale} />
            <SignOutButton locale={locale} />
          </div>
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label={t.nav} className="py-3 md:py-6">
          <details className="group rounded-lg border border-line bg-surface md:hidden">
            <summary className="flex min-h-11 cursor-pointer items-center justify-between rounded-lg px-3 font-semibold text-ink">
              <span>
                {t.menu} {active ? <span className="font-normal text-muted">· {navCopy[locale][active]}</span> : null}
              </span>
              <svg className="size-4 transition-transform group-open:rotate-180" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
              </svg>
            </summary>
            <NavList locale={locale} active={active} className="space-y-1 border-t border-line p-2" />
          </details>
          <NavList locale={locale} active={active} className="hidden space-y-1 md:block" />
        </nav>
        {/* Keyed by mode: switching mode remounts the page's client components, so no state of one
            mode (a key or signing secret just revealed, a half-filled form) survives into the other. */}
        <main key={mode} id="main" className="min-w-0 pt-2 pb-12 md:py-6">
          {children}
        </main>
      </div>
    </div>
  );
}
