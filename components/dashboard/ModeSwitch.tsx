"use client";

import type { Mode } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { useServerChoice } from "./useServerChoice";

const copy = defineCopy({
  fr: { label: "Mode des données", test: "Test", live: "Production", error: "Le changement de mode a échoué. Réessayez." },
  en: { label: "Data mode", test: "Test", live: "Live", error: "Switching mode failed. Try again." },
});

/**
 * The test/live switch. The choice is a cookie set by the server; on change every cached query
 * is dropped and the page re-rendered, so no screen ever shows data of both modes.
 */
export function ModeSwitch({ mode, locale }: { mode: Mode; locale: Locale }) {
  const t = copy[locale];
  const { choose, pending, error, ready } = useServerChoice<Mode>("/dashboard-api/mode", (next) => ({ mode: next }));

  return (
    <div className="flex flex-col items-start gap-1">
      <div role="group" aria-label={t.label} aria-busy={pending || undefined} className="inline-flex rounded-lg border border-line-strong bg-surface p-0.5">
        {(["test", "live"] as const).map((m) => {
          const active = m === mode;
          const activeClass = m === "test" ? "bg-warning text-warning-ink" : "bg-brand text-white";
          return (
            <button
              key={m}
              type="button"
              aria-pressed={active}
              disabled={!ready}
              onClick={() => (m === mode ? undefined : void choose(m))}
              className={`min-h-10 rounded-md px-3 text-sm font-semibold ${active ? activeClass : "text-muted hover:bg-canvas hover:text-ink"}`}
            >
              {m === "test" ? t.test : t.live}
            </button>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {t.error}
        </p>
      ) : null}
    </div>
  );
}
