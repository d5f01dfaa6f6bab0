"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { Select } from "../../Select";
import { resendCopy } from "./resend-copy";
import { useResendEvent } from "./use-webhook-tools";
import type { Endpoint, Log } from "./use-webhooks";

const ALL = "*";

/** Under an opened delivery: its event sent again now, to this delivery's endpoint, another one, or every subscribed one. */
export function ResendEventForm({ locale, mode, log, endpoints }: { locale: Locale; mode: Mode; log: Log; endpoints: Endpoint[] }) {
  const t = resendCopy[locale];
  const [target, setTarget] = useState(endpoints.some((e) => e.id === log.endpoint_id) ? log.endpoint_id : ALL);
  const { mutation, notice, error } = useResendEvent({ locale, mode, eventId: log.event_id });
  const options = [
    ...endpoints.filter((e) => e.id === log.endpoint_id).map((e) => ({ value: e.id, label: t.thisEndpoint(e.url) })),
    { value: ALL, label: t.allEndpoints },
    ...endpoints.filter((e) => e.id !== log.endpoint_id).map((e) => ({ value: e.id, label: t.otherEndpoint(e.url) })),
  ];
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate(target === ALL ? null : target);
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-3 rounded-xl border border-line-strong p-3 sm:p-4" data-testid="resend-event-form">
      <h3 className="text-sm font-semibold text-ink">{t.eventTitle}</h3>
      <p className="text-xs text-muted">{t.eventIntro}</p>
      <Select label={t.target} value={target} onChange={(e) => setTarget(e.target.value)} options={options} className="mt-2 max-w-xl" />
      <div className="mt-3">
        <Button type="submit" variant="secondary" loading={mutation.isPending}>
          {t.sendEvent}
        </Button>
      </div>
      {error ? <Alert className="mt-2">{error}</Alert> : null}
      <Alert tone="success" variant="inline" className="mt-2">
        {notice}
      </Alert>
    </form>
  );
}
