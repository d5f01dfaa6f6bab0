"use client";

import { signIn } from "next-auth/react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { FormAlert } from "@/components/ui/FormAlert";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { useFormAnswer, useLaterAnswer, type FormAnswerAction } from "@/components/account/form-answer";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { NEW_KEY_STORAGE } from "../storage";
import { errorMessages, messageFor } from "@/components/data/error-messages";

const copy = defineCopy({
  fr: {
    businessName: "Nom de votre commerce",
    businessHint: "Vos clients le voient sur leur téléphone au moment de payer.",
    email: "Adresse e-mail",
    password: "Mot de passe",
    passwordHint: "Au moins 10 caractères.",
    submit: "Créer mon compte",
    submitting: "Création du compte…",
    errors: errorMessages.fr.signUp,
    formError: "Corrigez le champ indiqué.",
    already: "Déjà un compte ?",
    signIn: "Se connecter",
    terms: "Votre compte démarre en mode test : rien n'est débité, vous pouvez tout essayer.",
  },
  en: {
    businessName: "Your business name",
    businessHint: "Customers see it on their phone when they pay.",
    email: "E-mail address",
    password: "Password",
    passwordHint: "At least 10 characters.",
    submit: "Create my account",
    submitting: "Creating the account…",
    errors: errorMessages.en.signUp,
    formError: "Fix the field shown.",
    already: "Already have an account?",
    signIn: "Sign in",
    terms: "Your account starts in test mode: nothing is charged, you can try everything.",
  },
});

type FieldName = "business_name" | "email" | "password";
const FIELD_OF: Record<string, FieldName> = { INVALID_BUSINESS_NAME: "business_name", INVALID_EMAIL: "email", EMAIL_TAKEN: "email", INVALID_PASSWORD: "password" };

/**
 * Sign-up: creates the account (POST /dashboard-api/signup), hands the test key to the
 * dashboard home through sessionStorage (shown there once, then deleted), signs in, goes home.
 * Before (or without) the page's script, the form posts to `action`, which does the same but the key.
 */
export function SignUpForm({ locale, action }: { locale: Locale; action: FormAnswerAction }) {
  const t = copy[locale];
  const errorsOf = (code: string | null) => {
    if (!code) return { field: null, form: null };
    const message = messageFor(t.errors, code);
    const field = FIELD_OF[code];
    return field ? { field: { field, message }, form: t.formError } : { field: null, form: message };
  };
  const [answer, formAction] = useFormAnswer(action);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: FieldName; message: string } | null>(() => errorsOf(answer.code).field);
  const [formError, setFormError] = useState<string | null>(() => errorsOf(answer.code).form);
  useLaterAnswer(answer, (later) => {
    setFieldError(errorsOf(later.code).field);
    setFormError(errorsOf(later.code).form);
    setBusy(false);
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { business_name: String(form.get("business_name") ?? ""), email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), locale };
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      const created = await apiFetch<{ test_key: string }>("/dashboard-api/signup", { method: "POST", body });
      window.sessionStorage.setItem(NEW_KEY_STORAGE, created.test_key);
      const result = await signIn("credentials", { email: body.email, password: body.password, redirect: false });
      window.location.assign(result?.ok ? "/dashboard" : `/signin?lang=${locale}`);
    } catch (error) {
      const shown = errorsOf(error instanceof ApiClientError ? error.code : "other");
      setFieldError(shown.field);
      setFormError(shown.form);
      setBusy(false);
    }
  }

  const errorFor = (field: FieldName) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <form method="post" action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <Field label={t.businessName} hint={t.businessHint} name="business_name" autoComplete="organization" required maxLength={80} error={errorFor("business_name")} />
      <Field label={t.email} name="email" type="email" autoComplete="email" inputMode="email" required error={errorFor("email")} />
      <Field label={t.password} hint={t.passwordHint} name="password" type="password" autoComplete="new-password" required minLength={10} error={errorFor("password")} />
      <p className="text-sm text-muted">{t.terms}</p>
      <Button type="submit" loading={busy} fullWidth size="lg">
        {busy ? t.submitting : t.submit}
      </Button>
      <p className="text-center text-sm text-muted">
        {t.already}{" "}
        <Link href={`/signin?lang=${locale}`} className="font-semibold text-brand underline">
          {t.signIn}
        </Link>
      </p>
    </form>
  );
}
