"use client";

import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { FormAlert } from "@/components/ui/FormAlert";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkResource } from "@/lib/links/schemas";
import { useHydrated } from "../../useHydrated";
import { linkSmsCopy } from "./sms-copy";
import { useLinkSms } from "./use-link-sms";

/** A link page's "Send by SMS": the customer's number (and an OPEN link's amount), then what became of the message. */
export function LinkSmsPanel({ link, locale }: { link: LinkResource; locale: Locale }) {
  const t = linkSmsCopy[locale];
  const hydrated = useHydrated();
  const { error, fieldErrors, onSubmit, outcome, send } = useLinkSms(link, locale);
  return (
    <section aria-labelledby="link-sms" className="mt-6 rounded-2xl border border-line bg-surface p-5">
      <h2 id="link-sms" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      {link.livemode ? null : <p className="mt-1 text-sm text-muted">{t.testMode}</p>}
      <form method="post" onSubmit={onSubmit} noValidate aria-labelledby="link-sms" className="mt-3 grid gap-3 sm:grid-cols-2 sm:items-start">
        <Field label={t.phone} name="customer_phone" type="tel" inputMode="tel" autoComplete="off" required hint={t.phoneHint} error={fieldErrors.customer_phone} />
        {link.mode === "OPEN" ? (
          <Field
            label={t.amount}
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            required
            hint={t.amountHint(formatXof(link.min_amount ?? 0), formatXof(link.max_amount ?? 0))}
            error={fieldErrors.amount}
          />
        ) : null}
        {error ? (
          <div className="sm:col-span-2">
            <FormAlert tone="error">{error}</FormAlert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" loading={send.isPending} disabled={!hydrated}>
            {t.send}
          </Button>
        </div>
      </form>
      <div className="mt-3" aria-live="polite">
        {outcome ? (
          <Alert tone={outcome.tone} data-testid="link-sms-outcome">
            {outcome.text}
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
