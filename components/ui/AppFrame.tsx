import Link from "next/link";
import type { ReactNode } from "react";
import { Wordmark } from "./PublicPageShell";

interface AppFrameProps {
  lang: string;
  copy: { skip: string; home: string; nav: string; menu: string };
  homeHref: string;
  /** Banners above the header (the dashboard's mode). */
  banner?: ReactNode;
  /** Beside the wordmark: who is signed in, to what. */
  brand: ReactNode;
  search?: ReactNode;
  controls: ReactNode;
  /** The open section's name, after "Menu" on a phone. */
  activeLabel?: ReactNode;
  /** The section links; drawn twice, in the phone's disclosure menu and in the sidebar. */
  navList: (className: string) => ReactNode;
  /** A new key remounts the page's client components. */
  mainKey?: string;
  children: ReactNode;
}

/**
 * A signed-in app's frame (the dashboard, the ops console): skip link, header, the section
 * navigation (a sidebar from 768 px, a disclosure menu on phones) and the main column.
 */
export function AppFrame({ lang, copy, homeHref, banner, brand, search, controls, activeLabel, navList, mainKey, children }: AppFrameProps) {
  return (
    <div lang={lang} className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        {copy.skip}
      </a>
      {banner}
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3">
            <Link href={homeHref} aria-label={copy.home} className="-mx-1 rounded-md px-1">
              <Wordmark />
            </Link>
            {brand}
          </div>
          {search ? <div className="order-last w-full xl:order-none xl:w-auto xl:max-w-sm xl:flex-1">{search}</div> : null}
          <div className="flex flex-wrap items-center gap-2">{controls}</div>
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label={copy.nav} className="py-3 md:py-6">
          <details className="group rounded-lg border border-line bg-surface md:hidden">
            <summary className="flex min-h-11 cursor-pointer items-center justify-between rounded-lg px-3 font-semibold text-ink">
              <span>
                {copy.menu} {activeLabel ? <span className="font-normal text-muted">· {activeLabel}</span> : null}
              </span>
              <svg className="size-4 transition-transform group-open:rotate-180" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
              </svg>
            </summary>
            {navList("space-y-1 border-t border-line p-2")}
          </details>
          {navList("hidden space-y-1 md:block")}
        </nav>
        <main key={mainKey} id="main" className="min-w-0 pt-2 pb-12 md:py-6">
          {children}
        </main>
      </div>
    </div>
  );
}
