"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { useFormAnswer, useLaterAnswer, type FormAnswerAction } from "@/components/account/form-answer";
import { errorMessages, messageFor } from "@/components/data/error-messages";

const copy = defineCopy({
  fr: {
    password: "Mot de passe",
    hint: (min: number) => `Au moins ${min} caractères. Une phrase de quelques mots est facile à retenir et difficile à deviner.`,
    confirm: "Confirmez le mot de passe",
    mismatch: "Les deux mots de passe ne sont pas identiques.",
    submit: "Choisir mon mot de passe",
    errors: errorMessages.fr.acceptInvitation,
  },
  en: {
    password: "Password",
    hint: (min: number) => `At least ${min} characters. A phrase of a few words is easy to remember and hard to guess.`,
    confirm: "Confirm the password",
    mismatch: "The two passwords differ.",
    submit: "Choose my password",
    errors: errorMessages.en.acceptInvitation,
  },
});

/**
 * Sets the invited member's password, then sends them to sign in with their e-mail filled in.
 * Before (or without) the page's script, the form posts to `action` (bound to the token), which does the same.
 */
export function AcceptInvitationForm({ locale, token, email, minLength, action }: { locale: Locale; token: string; email: string; minLength: number; action: FormAnswerAction }) {
  const t = copy[locale];
  const router = useRouter();
  const errorsOf = (code: string | null) => ({
    field: code === "PASSWORD_MISMATCH" ? { confirm: t.mismatch } : code === "INVALID_PASSWORD" ? { password: messageFor(t.errors, code) } : {},
    form: code && code !== "PASSWORD_MISMATCH" && code !== "INVALID_PASSWORD" ? messageFor(t.errors, code) : null,
  });
  const [answer, formAction] = useFormAnswer(action);
  const [fieldError, setFieldError] = useState<{ password?: string; confirm?: string }>(() => errorsOf(answer.code).field);
  const [error, setError] = useState<string | null>(() => errorsOf(answer.code).form);
  const [busy, setBusy] = useState(false);
  useLaterAnswer(answer, (later) => {
    setFieldError(errorsOf(later.code).field);
    setError(errorsOf(later.code).form);
    setBusy(false);
  });
  // A public page (no dashboard providers): a plain request, then the sign-in page.
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    setError(null);
    if (password !== String(form.get("confirm") ?? "")) return setFieldError({ confirm: t.mismatch });
    setFieldError({});
    setBusy(true);
    try {
      await apiFetch<{ email: string }>("/dashboard-api/invitation", { method: "POST", body: { token, password } });
      router.push("/signin");
    } catch (e) {
      setBusy(false);
      const message = e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other;
      if (e instanceof ApiClientError && e.code === "INVALID_PASSWORD") setFieldError({ password: message });
      else setError(message);
    }
  };
  return (
    <form method="post" action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label={t.password} name="password" type="password" autoComplete="new-password" required minLength={minLength} hint={t.hint(minLength)} error={fieldError.password} />
      <Field label={t.confirm} name="confirm" type="password" autoComplete="new-password" required error={fieldError.confirm} />
      {error ? (
        <p role="alert" className="rounded-lg border border-danger px-3 py-2 text-sm text-danger-strong">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {t.submit}
      </Button>
    </form>
  );
}
