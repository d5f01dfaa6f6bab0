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

  return (
    <form role="search" aria-label={t.landmark} method="get" action="/dashboard/search" className="flex w-full items-center gap-2">
      {locale === "en" ? <input type="hidden" name="lang" value="en" /> : null}
      <label htmlFor={id} className="sr-only">
        {t.label}
      </label>
      <div className="relative min-w-0 flex-1">
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
          className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-muted lg:pr-9"
        />
        <kbd aria-hidden="true" title={t.shortcut} className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-line-strong px-1.5 font-mono text-xs text-muted lg:block">
          /
        </kbd>
      </div>
      <button type="submit" className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg bg-brand text-white hover:bg-brand-strong">
        <svg className="size-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z" clipRule="evenodd" />
        </svg>
        <span className="sr-only">{t.submit}</span>
      </button>
    </form>
  );
}
