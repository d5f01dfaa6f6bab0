"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { useFormAnswer, useLaterAnswer, type FormAnswerAction } from "./form-answer";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { FormAlert } from "@/components/ui/FormAlert";
import { errorMessages, messageFor } from "@/components/data/error-messages";

const copy = defineCopy({
  fr: {
    password: "Nouveau mot de passe",
    hint: "Au moins 10 caractères.",
    submit: "Enregistrer le mot de passe",
    submitting: "Enregistrement…",
    done: "Votre mot de passe est changé. Par sécurité, toutes vos sessions ouvertes ont été fermées : connectez-vous avec le nouveau mot de passe.",
    signIn: "Se connecter",
    errors: errorMessages.fr.resetPassword,
    again: "Demander un nouveau lien",
  },
  en: {
    password: "New password",
    hint: "At least 10 characters.",
    submit: "Save the password",
    submitting: "Saving…",
    done: "Your password is changed. For your security every open session was closed: sign in with the new password.",
    signIn: "Sign in",
    errors: errorMessages.en.resetPassword,
    again: "Ask for a new link",
  },
});

/** The password is changed: say so, and where to sign in (also the page the form posted without script lands on). */
export function ResetDone({ locale }: { locale: Locale }) {
  const t = copy[locale];
  return (
    <div className="flex flex-col gap-4">
      <FormAlert tone="success">{t.done}</FormAlert>
      <Link href={`/signin?lang=${locale}`} className="text-center font-semibold text-brand underline">
        {t.signIn}
      </Link>
    </div>
  );
}

/**
 * The reset link's form: a new password, with the rules of sign-up. Before (or without) the
 * page's script, the form posts to `action` (bound to the link's token), which does the same.
 */
export function ResetPasswordForm({ locale, token, action }: { locale: Locale; token: string; action: FormAnswerAction }) {
  const t = copy[locale];
  const errorOf = (code: string | null) => (code ? { code, message: messageFor(t.errors, code) } : null);
  const [answer, formAction] = useFormAnswer(action);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(answer.ok);
  const [error, setError] = useState<{ code: string; message: string } | null>(() => errorOf(answer.code));
  useLaterAnswer(answer, (later) => {
    setDone(later.ok);
    setError(errorOf(later.code));
    setBusy(false);
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/dashboard-api/account/password-reset/confirm", { method: "POST", body: { token, password } });
      setDone(true);
    } catch (e) {
      const code = e instanceof ApiClientError ? e.code : "other";
      setError({ code, message: messageFor(t.errors, code) });
    } finally {
      setBusy(false);
    }
  }

  if (done) return <ResetDone locale={locale} />;

  const fieldError = error?.code === "INVALID_PASSWORD" ? error.message : undefined;
  return (
    <form method="post" action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error && !fieldError ? <FormAlert tone="error">{error.message}</FormAlert> : null}
      <Field label={t.password} hint={t.hint} name="password" type="password" autoComplete="new-password" required minLength={10} error={fieldError} />
      <Button type="submit" loading={busy} fullWidth size="lg">
        {busy ? t.submitting : t.submit}
      </Button>
      {error?.code === "RESET_LINK_INVALID" ? (
        <Link href={`/forgot-password?lang=${locale}`} className="text-center font-semibold text-brand underline">
          {t.again}
        </Link>
      ) : null}
    </form>
  );
}
