import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/dashboard/SignOutButton";
import { AppFrame } from "@/components/ui/AppFrame";
import { LanguageSwitch } from "@/components/ui/LanguageSwitch";
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
    <AppFrame
      lang={locale}
      copy={t}
      homeHref="/ops"
      brand={
        <>
          <span className="rounded-md bg-ink px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">{t.console}</span>
          <span className="hidden truncate text-sm text-muted sm:inline">
            {t.signedIn} {staffEmail}
          </span>
        </>
      }
      controls={
        <>
          <LanguageSwitch locale={locale} />
          <SignOutButton locale={locale} />
        </>
      }
      activeLabel={opsNavCopy[locale][active]}
      navList={(className) => <NavList locale={locale} active={active} className={className} />}
    >
      {children}
    </AppFrame>
  );
}
