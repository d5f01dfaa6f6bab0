"use client";

import { useState, type FormEvent } from "react";
import { DateTime } from "@/components/dashboard/DateTime";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PageFrame } from "@/components/ui/PageFrame";
import { formatPhone } from "@/lib/format/phone";
import type { Locale } from "@/lib/i18n/locale";
import type { SmsSettingsView, SmsUse } from "@/lib/sms/settings";
import { smsCopy } from "./SmsCopy";
import { useSmsSettings } from "./SmsData";

/** Which text messages go out, where they go, and the latest ones with their status and segments. */
export function SmsView({ locale, initial }: { locale: Locale; initial: SmsSettingsView }) {
  const t = smsCopy[locale];
  const { settings, save, errorCode } = useSmsSettings(initial);
  const [enabled, setEnabled] = useState<Record<SmsUse, boolean>>(() => Object.fromEntries(initial.uses.map((u) => [u.use, u.enabled])) as Record<SmsUse, boolean>);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(settings.uses.map((u) => u.use).filter((use) => !enabled[use]));
  };

  return (
    <PageFrame title={t.title} description={t.intro}>
      <div className="mt-4 space-y-6">
        <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted">{t.delivery[settings.delivery]}</p>
        <form onSubmit={submit} className="rounded-2xl border border-line bg-surface p-5">
          <fieldset>
            <legend className="text-lg font-semibold text-ink">{t.usesTitle}</legend>
            <div className="mt-3 space-y-3">
              {settings.uses.map(({ use }) => (
                <label key={use} className="flex items-start gap-3">
                  <input type="checkbox" className="mt-1 size-5 shrink-0" checked={enabled[use]} onChange={(e) => setEnabled({ ...enabled, [use]: e.target.checked })} />
                  <span>
                    <span className="block font-medium text-ink">{t.uses[use].label}</span>
                    <span className="block text-sm text-muted">{t.uses[use].hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
            {save.isSuccess ? <Alert tone="success" variant="inline">{t.saved}</Alert> : null}
            {errorCode ? <Alert variant="inline">{t.errors[errorCode]}</Alert> : null}
          </div>
        </form>
        <section aria-labelledby="sms-recent" className="rounded-2xl border border-line bg-surface p-5">
          <h2 id="sms-recent" className="text-lg font-semibold text-ink">
            {t.recentTitle}
          </h2>
          {settings.recent.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{t.none}</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {settings.recent.map((m) => (
                <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm">
                  <span className="min-w-0">
                    <span className="block font-medium text-ink">
                      {t.templates[m.template] ?? m.template} · <span className="whitespace-nowrap">{formatPhone(m.to)}</span>
                    </span>
                    <span className="block text-muted">
                      <DateTime value={m.createdAt} locale={locale} /> · {m.segments} {t.columns.segments.toLowerCase()}
                    </span>
                  </span>
                  <span className="text-right">
                    <span className="font-medium text-ink">{t.status[m.status]}</span>
                    {m.suppressedReason ? <span className="block text-muted">{t.reasons[m.suppressedReason as keyof typeof t.reasons] ?? m.suppressedReason}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
