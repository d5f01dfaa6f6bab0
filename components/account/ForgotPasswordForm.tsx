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
    email: "Adresse e-mail du compte",
    submit: "Recevoir un lien",
    submitting: "Envoi…",
    sent: (email: string, minutes: number) =>
      `Si un compte Cauri utilise ${email}, un e-mail vient de partir avec un lien pour choisir un nouveau mot de passe. Le lien fonctionne une fois, pendant ${minutes} minutes. Pensez à regarder dans les indésirables.`,
    errors: errorMessages.fr.forgotPassword,
    back: "Retour à la connexion",
  },
  en: {
    email: "The account's e-mail address",
    submit: "Send me a link",
    submitting: "Sending…",
    sent: (email: string, minutes: number) =>
      `If a Cauri account uses ${email}, an e-mail is on its way with a link to choose a new password. The link works once, for ${minutes} minutes. Check your spam folder too.`,
    errors: errorMessages.en.forgotPassword,
    back: "Back to sign in",
  },
});

/**
 * Asks for a reset link; the answer is the same whether or not the address has an account. Before
 * (or without) the page's script, the form posts to `action`, which does the same.
 */
export function ForgotPasswordForm({ locale, minutes, action }: { locale: Locale; minutes: number; action: FormAnswerAction }) {
  const t = copy[locale];
  const errorOf = (code: string | null) => (code ? { message: messageFor(t.errors, code), field: code === "INVALID_EMAIL" } : null);
  const [answer, formAction] = useFormAnswer(action);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(answer.ok ? answer.echo : null);
  const [error, setError] = useState<{ message: string; field: boolean } | null>(() => errorOf(answer.code));
  useLaterAnswer(answer, (later) => {
    setSentTo(later.ok ? later.echo : null);
    setError(errorOf(later.code));
    setBusy(false);
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/dashboard-api/account/password-reset", { method: "POST", body: { email, locale } });
      setSentTo(email);
    } catch (e) {
      const code = e instanceof ApiClientError ? e.code : "other";
      setError({ message: messageFor(t.errors, code), field: code === "INVALID_EMAIL" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {sentTo ? <FormAlert tone="success">{t.sent(sentTo, minutes)}</FormAlert> : null}
      {error && !error.field ? <FormAlert tone="error">{error.message}</FormAlert> : null}
      <Field label={t.email} name="email" type="email" autoComplete="email" inputMode="email" required error={error?.field ? error.message : undefined} />
      <Button type="submit" loading={busy} fullWidth size="lg">
        {busy ? t.submitting : t.submit}
      </Button>
      <p className="text-center text-sm">
        <Link href={`/signin?lang=${locale}`} className="font-semibold text-brand underline">
          {t.back}
        </Link>
      </p>
    </form>
  );
}
