"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { resendCopy } from "./resend-copy";
import { useResendFailed } from "./use-webhook-tools";

const DAY_MS = 24 * 3_600_000;

/** A datetime-local value (the device's time, to the minute) for an instant. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** An endpoint's failed deliveries of a window, sent again; the window defaults to the last 24 hours. */
export function ResendFailedForm({ locale, mode, endpointId, onClose }: { locale: Locale; mode: Mode; endpointId: string; onClose: () => void }) {
  const t = resendCopy[locale];
  // Opened by a click, never rendered on the server: the device's clock sets the default window.
  const [initial] = useState(() => {
    const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    return { from: localInput(new Date(to.getTime() - DAY_MS)), to: localInput(to) };
  });
  const { mutation, notice, error, errorParam } = useResendFailed({ locale, mode, endpointId });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const instant = (name: string) => {
      const d = new Date(String(f.get(name) ?? ""));
      return Number.isNaN(d.getTime()) ? String(f.get(name) ?? "") : d.toISOString();
    };
    mutation.mutate({ from: instant("from"), to: instant("to") });
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-2 grid gap-3 rounded-xl border border-line-strong p-3 sm:grid-cols-2 sm:p-4" data-testid="resend-failed-form">
      <h3 className="font-semibold text-ink sm:col-span-2">{t.failedTitle}</h3>
      <p className="text-sm text-muted sm:col-span-2">{t.failedIntro}</p>
      <Field label={t.from} name="from" type="datetime-local" defaultValue={initial.from} required error={errorParam === "from" ? error : undefined} />
      <Field label={t.to} name="to" type="datetime-local" defaultValue={initial.to} required hint={t.windowHint} error={errorParam === "to" ? error : undefined} />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" loading={mutation.isPending}>
          {t.sendFailed}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </div>
      {error && errorParam !== "from" && errorParam !== "to" ? <Alert className="sm:col-span-2">{error}</Alert> : null}
      <Alert tone="success" variant="inline" className="sm:col-span-2">
        {notice}
      </Alert>
    </form>
  );
}
