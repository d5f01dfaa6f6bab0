"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import type { Locale } from "@/lib/i18n/locale";
import { portalCopy } from "./copy";

type Result = { ok: true; redirectTo?: string } | { ok: false; code: string };
type State = { result: Result | null; at: number };

/** The customer's name and e-mail, saved through a server action (works without JavaScript too). */
export function ProfileForm({ locale, phone, name, email, save }: { locale: Locale; phone: string; name: string | null; email: string | null; save: (prev: State, data: FormData) => Promise<State> }) {
  const t = portalCopy[locale];
  const [state, action, pending] = useActionState(save, { result: null, at: 0 });
  const code = state.result && !state.result.ok ? state.result.code : null;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <Field label={t.phone} value={phone} readOnly disabled name="phone_display" />
      <Field label={t.name} name="name" defaultValue={name ?? ""} autoComplete="name" maxLength={100} error={code === "INVALID_FIELD" ? t.nameTooLong : null} />
      <Field label={t.email} name="email" type="email" defaultValue={email ?? ""} autoComplete="email" error={code === "INVALID_EMAIL" ? t.emailInvalid : null} />
      {state.result?.ok ? (
        <p role="status" className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">
          {t.saved}
        </p>
      ) : code && code !== "INVALID_EMAIL" && code !== "INVALID_FIELD" ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t.error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" loading={pending}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
