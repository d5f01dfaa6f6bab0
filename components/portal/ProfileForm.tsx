"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { formatPhone } from "@/lib/format/phone";
import type { Locale } from "@/lib/i18n/locale";
import { portalCopy } from "./copy";

type Result = { ok: true; redirectTo?: string } | { ok: false; code: string };
type State = { result: Result | null; at: number };

/**
 * The customer's name and e-mail, saved through a server action (works without JavaScript too).
 * A public page may only fill in what is missing (lib/portal/sessions.ts, updatePortalProfile):
 * a detail already on record is shown read-only and is not sent; only blank ones are inputs.
 */
export function ProfileForm({ locale, phone, name, email, save }: { locale: Locale; phone: string; name: string | null; email: string | null; save: (prev: State, data: FormData) => Promise<State> }) {
  const t = portalCopy[locale];
  const [state, action, pending] = useActionState(save, { result: null, at: 0 });
  const code = state.result && !state.result.ok ? state.result.code : null;
  const missing = name === null || email === null;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {missing ? <p className="text-sm text-muted">{t.profileComplete}</p> : null}
      <Field label={t.phone} value={formatPhone(phone)} readOnly disabled name="phone_display" />
      {name === null ? (
        <Field label={t.name} name="name" defaultValue="" autoComplete="name" maxLength={100} error={code === "INVALID_FIELD" ? t.nameTooLong : null} />
      ) : (
        <Field label={t.name} value={name} readOnly disabled name="name_display" hint={t.recorded} />
      )}
      {email === null ? (
        <Field label={t.email} name="email" type="email" defaultValue="" autoComplete="email" error={code === "INVALID_EMAIL" ? t.emailInvalid : null} />
      ) : (
        <Field label={t.email} value={email} readOnly disabled name="email_display" hint={t.recorded} />
      )}
      {state.result?.ok ? (
        <p role="status" className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">
          {t.saved}
        </p>
      ) : code && code !== "INVALID_EMAIL" && code !== "INVALID_FIELD" ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t.error}
        </p>
      ) : null}
      {missing ? (
        <div>
          <Button type="submit" variant="secondary" loading={pending}>
            {t.save}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
