"use client";

import { useEffect, useId, useRef } from "react";
import type { Locale } from "@/lib/i18n/locale";
import { SEARCH_MAX_LENGTH } from "@/lib/search/limits";
import { searchCopy } from "./copy";

/** Keys typed into these are text, not the shortcut. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT");

/**
 * The header's search: a plain GET form to /dashboard/search, so it works before (or without)
 * JavaScript; once hydrated, "/" anywhere but in a field focuses it.
 */
export function HeaderSearch({ locale, query = "" }: { locale: Locale; query?: string }) {
  const t = searchCopy[locale];
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // On a phone the field is a 44 px icon in the header row that spreads over the row while it has
  // the focus (CSS only, so it opens before the script too); Enter or the keyboard's key searches.
  return (
    <form role="search" aria-label={t.landmark} method="get" action="/dashboard/search" className="flex w-full items-center gap-2">
      {locale === "en" ? <input type="hidden" name="lang" value="en" /> : null}
      <label htmlFor={id} className="sr-only">
        {t.label}
      </label>
      <div className="grid size-11 place-items-center md:relative md:block md:size-auto md:min-w-0 md:flex-1">
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          required
          maxLength={SEARCH_MAX_LENGTH}
          defaultValue={query}
          placeholder={t.placeholder}
          aria-keyshortcuts="/"
          autoComplete="off"
          className="col-start-1 row-start-1 min-h-11 w-11 cursor-pointer rounded-lg border border-line-strong bg-surface px-3 text-base text-transparent placeholder:text-transparent focus:absolute focus:inset-x-4 focus:top-2 focus:z-20 focus:w-auto focus:cursor-text focus:text-ink focus:placeholder:text-muted md:w-full md:cursor-text md:text-ink md:placeholder:text-muted md:focus:static md:focus:w-full lg:pr-9"
        />
        <svg className="pointer-events-none z-[1] col-start-1 row-start-1 size-5 text-ink md:hidden" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d={MAGNIFIER} clipRule="evenodd" />
        </svg>
        <kbd aria-hidden="true" title={t.shortcut} className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-line-strong px-1.5 font-mono text-xs text-muted lg:block">
          /
        </kbd>
      </div>
      <button type="submit" className="hidden min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg bg-brand text-white hover:bg-brand-strong md:inline-flex">
        <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d={MAGNIFIER} clipRule="evenodd" />
        </svg>
        <span className="sr-only">{t.submit}</span>
      </button>
    </form>
  );
}

const MAGNIFIER = "M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z";
