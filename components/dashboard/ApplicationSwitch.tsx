"use client";

import { useId } from "react";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { useServerChoice } from "./useServerChoice";

const copy = defineCopy({
  fr: { label: "Application", error: "Le changement d'application a échoué. Réessayez.", defaultName: "Application par défaut" },
  en: { label: "Application", error: "Switching application failed. Try again.", defaultName: "Default application" },
});

// The name sign-up gives the first application (lib/platform/merchants.ts), stored in English.
const DEFAULT_NAME = "Default application";

/** An application's name as the reader sees it: the first application's default name in their language. */
export const applicationName = (name: string, locale: Locale): string => (name === DEFAULT_NAME ? copy[locale].defaultName : name);

/**
 * Which of the merchant's applications the dashboard acts for (webhook endpoints and
 * deliveries belong to one application). Like the mode switch, the choice is a cookie set by the
 * server; on change every cached query is dropped and the page re-rendered.
 */
export function ApplicationSwitch({ locale, applications, current }: { locale: Locale; applications: { id: string; name: string }[]; current: string }) {
  const t = copy[locale];
  const id = useId();
  const { choose, pending, error, ready } = useServerChoice<string>("/dashboard-api/application", (next) => ({ application_id: next }));

  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex items-center gap-2">
        {/* In a desktop header the label would squeeze the search field; the options name applications anyway. */}
        <label htmlFor={id} className="text-sm font-semibold text-muted md:max-2xl:sr-only">
          {t.label}
        </label>
        <select
          id={id}
          value={current}
          disabled={!ready}
          aria-busy={pending || undefined}
          onChange={(e) => void choose(e.target.value)}
          className="min-h-10 max-w-44 truncate rounded-lg border border-line-strong bg-surface px-2 text-sm font-semibold text-ink"
        >
          {applications.map((a) => (
            <option key={a.id} value={a.id}>
              {applicationName(a.name, locale)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {t.error}
        </p>
      ) : null}
    </div>
  );
}
