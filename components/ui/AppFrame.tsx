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
  /** In the header row at every width (keep them few: a phone's row is 328 px). */
  controls: ReactNode;
  /** In the header row from 768 px; on a phone, shown with the menu. */
  menuControls?: ReactNode;
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
 * navigation (a sidebar from 768 px; on a phone, a menu opened from the header) and the main
 * column. On a phone the header is one row (menu, wordmark, search, controls) so the first screen
 * shows the page, not the chrome; the menu is a <details>, so it opens before (or without) the script.
 */
export function AppFrame({ lang, copy, homeHref, banner, brand, search, controls, menuControls, activeLabel, navList, mainKey, children }: AppFrameProps) {
  return (
    <div lang={lang} className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        {copy.skip}
      </a>
      {banner}
      <header className="group/header relative z-30 border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 md:gap-x-4">
          <nav aria-label={copy.nav} className="md:hidden">
            <details className="group">
              <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-lg border border-line-strong text-ink [&::-webkit-details-marker]:hidden">
                <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                  <path fillRule="evenodd" d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z" clipRule="evenodd" />
                </svg>
                <span className="sr-only">
                  {copy.menu}
                  {activeLabel ? <> · {activeLabel}</> : null}
                </span>
              </summary>
              <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-surface px-4 pb-4 shadow-lg">
                {navList("space-y-1 py-2")}
              </div>
            </details>
          </nav>
          <div className="flex min-w-0 items-center gap-x-3">
            <Link href={homeHref} aria-label={copy.home} className="-mx-1 flex min-h-11 items-center rounded-md px-1">
              {/* On a phone the mark alone: the row keeps its room for the controls. */}
              <Wordmark className="max-md:gap-0 max-md:text-[0px]" />
            </Link>
            {brand}
          </div>
          <div className="ml-auto flex min-w-0 items-center gap-2 md:flex-1 md:flex-wrap md:justify-end md:gap-x-4">
            {/* Never narrower than its placeholder: the controls wrap under it first. */}
            {search ? <div className="md:max-w-sm md:min-w-80 md:flex-1">{search}</div> : null}
            <div className="flex flex-wrap items-center gap-2 md:ml-auto">{controls}</div>
          </div>
          {/* Drawn once (two copies would be two fields with one label): on a phone, a row of the header shown while the menu is open. */}
          {menuControls ? (
            <div className="hidden w-full flex-wrap items-center gap-2 border-t border-line pt-2 group-has-[details[open]]/header:flex md:flex md:w-auto md:border-0 md:pt-0">{menuControls}</div>
          ) : null}
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8">
        <nav aria-label={copy.nav} className="hidden py-6 md:block">
          {navList("space-y-1")}
        </nav>
        <main key={mainKey} id="main" className="min-w-0 pt-4 pb-12 md:py-6">
          {children}
        </main>
      </div>
    </div>
  );
}
