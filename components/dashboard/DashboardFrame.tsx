import Link from "next/link";
import type { ReactNode } from "react";
import { AppFrame } from "@/components/ui/AppFrame";
import { LanguageSwitch } from "@/components/ui/LanguageSwitch";
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
 * The dashboard's frame: the test-mode banner (always, in test mode), header with the search and
 * mode switch (always in view) and the application, language and sign-out (in the phone's menu),
 * the section navigation (a sidebar from 768 px, the same menu on phones) and the main column. Each page renders it with its own locale and section.
 */
export function DashboardFrame({ locale, mode, merchantName, productionEnabled, active, query, children }: DashboardFrameProps) {
  const t = copy[locale];
  return (
    <AppFrame
      lang={locale}
      copy={t}
      homeHref="/dashboard"
      banner={
        mode === "test" ? (
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
        )
      }
      brand={
        <span className="hidden max-w-48 truncate text-sm font-semibold text-muted sm:inline" title={merchantName}>
          {merchantName}
        </span>
      }
      search={<HeaderSearch locale={locale} query={query} />}
      controls={<ModeSwitch mode={mode} locale={locale} />}
      menuControls={
        <>
          <ApplicationSwitchSlot locale={locale} />
          <LanguageSwitch locale={locale} />
          <SignOutButton locale={locale} />
        </>
      }
      activeLabel={active ? navCopy[locale][active] : null}
      navList={(className) => <NavList locale={locale} active={active} className={className} />}
      // Keyed by mode: switching mode remounts the page's client components, so no state of one
      // mode (a key or signing secret just revealed, a half-filled form) survives into the other.
      mainKey={mode}
    >
      {children}
    </AppFrame>
  );
}
