"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { EventPicker, readEnabledEvents } from "./EventPicker";

export type EndpointChange = { url: string; enabled_events: string[]; enabled: boolean };

const copy = defineCopy({
  fr: {
    url: "Adresse de réception",
    urlHint: "HTTPS en production ; les livraisons en attente partent vers la nouvelle adresse.",
    enabled: "Actif : reçoit les événements",
    save: "Enregistrer les modifications",
    cancel: "Annuler",
  },
  en: {
    url: "Receiving URL",
    urlHint: "HTTPS in live mode; pending deliveries go to the new URL.",
    enabled: "Enabled: receives events",
    save: "Save the changes",
    cancel: "Cancel",
  },
});

/** Edits one endpoint's URL, events and switch in one PATCH (the same rules as PATCH /v1/webhooks/endpoints/{id}). */
export function EndpointEditForm({
  locale,
  endpoint,
  eventTypes,
  saving,
  urlError,
  onSave,
  onCancel,
  onInvalid,
}: {
  locale: Locale;
  endpoint: { id: string; url: string; enabled_events: string[]; enabled: boolean };
  eventTypes: string[];
  saving: boolean;
  urlError?: string;
  onSave: (change: EndpointChange) => void;
  onCancel: () => void;
  onInvalid: () => void;
}) {
  const t = copy[locale];
  const eventsName = `events_${endpoint.id}`;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const events = readEnabledEvents(f, eventsName);
    if (!events) return onInvalid();
    onSave({ url: String(f.get("url") ?? "").trim(), enabled_events: events, enabled: f.get("enabled") === "on" });
  }
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-3" data-testid="endpoint-edit-form">
      <Field label={t.url} name="url" type="url" defaultValue={endpoint.url} hint={t.urlHint} error={urlError} maxLength={2048} />
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input type="checkbox" name="enabled" defaultChecked={endpoint.enabled} className="size-5" />
        {t.enabled}
      </label>
      <EventPicker locale={locale} eventTypes={eventTypes} initial={endpoint.enabled_events} name={eventsName} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving}>
          {t.save}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
