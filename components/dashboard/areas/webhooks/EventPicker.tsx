"use client";

import { useId, useState } from "react";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";

const copy = defineCopy({
  fr: {
    legend: "Événements envoyés",
    all: "Tous les événements, y compris ceux ajoutés plus tard",
    choose: "Seulement ceux-ci :",
    noneChosen: "Cochez au moins un événement, ou choisissez « Tous les événements ».",
    groups: { payment: "Paiements", invoice: "Factures", report: "Rapports", secure_order: "Commandes sécurisées", subscription: "Abonnements", webhook: "Webhooks", withdrawal: "Retraits" } as Record<string, string>,
  },
  en: {
    legend: "Events sent",
    all: "Every event, including ones added later",
    choose: "Only these:",
    noneChosen: "Tick at least one event, or choose “Every event”.",
    groups: { payment: "Payments", invoice: "Invoices", report: "Reports", secure_order: "Secure orders", subscription: "Subscriptions", webhook: "Webhooks", withdrawal: "Withdrawals" },
  },
});

/** The event types grouped by their prefix (payment, secure_order…), for a readable fieldset. */
function groups(eventTypes: readonly string[]): [string, string[]][] {
  const map = new Map<string, string[]>();
  for (const type of eventTypes) {
    const prefix = type.split(".")[0]!;
    map.set(prefix, [...(map.get(prefix) ?? []), type]);
  }
  return [...map];
}

/**
 * Which events an endpoint receives: every event ("*", the API's default) or a chosen subset.
 * Submitted as `enabled_events` checkboxes plus an `events_mode` radio; `readEnabledEvents`
 * turns the form back into the API's value.
 */
export function EventPicker({ locale, eventTypes, initial, name = "enabled_events" }: { locale: Locale; eventTypes: readonly string[]; initial?: readonly string[]; name?: string }) {
  const t = copy[locale];
  const id = useId();
  const [all, setAll] = useState(!initial || initial.includes("*"));
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold text-ink">{t.legend}</legend>
      <div className="flex flex-col gap-1 text-sm">
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${name}_mode`} value="all" checked={all} onChange={() => setAll(true)} className="size-4" />
          {t.all}
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name={`${name}_mode`} value="some" checked={!all} onChange={() => setAll(false)} className="size-4" />
          {t.choose}
        </label>
      </div>
      <div className="mt-1 grid gap-x-4 sm:grid-cols-2" aria-disabled={all || undefined}>
        {groups(eventTypes).map(([prefix, types]) => (
          <ul key={prefix} aria-label={t.groups[prefix] ?? prefix} className="py-1">
            {types.map((type) => (
              <li key={type}>
                <label className={`flex min-h-9 items-center gap-2 text-sm ${all ? "text-muted" : "text-ink"}`}>
                  <input
                    type="checkbox"
                    name={name}
                    value={type}
                    id={`${id}-${type}`}
                    disabled={all}
                    defaultChecked={Boolean(initial && !initial.includes("*") && initial.includes(type))}
                    className="size-4"
                  />
                  <code className="font-mono break-all">{type}</code>
                </label>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </fieldset>
  );
}

/** The form's choice as the API's `enabled_events`; null when "only these" has none ticked (`noneChosenMessage` says why). */
export function readEnabledEvents(form: FormData, name = "enabled_events"): string[] | null {
  if (form.get(`${name}_mode`) !== "some") return ["*"];
  const events = form.getAll(name).map(String);
  return events.length ? events : null;
}

export const noneChosenMessage = (locale: Locale) => copy[locale].noneChosen;
