"use client";

import { getSession, signIn } from "next-auth/react";
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { useHydrated } from "../useHydrated";

export const authFormCopy = defineCopy({
  fr: {
    email: "Adresse e-mail",
    password: "Mot de passe",
    signIn: "Se connecter",
    signingIn: "Connexion…",
    lockNote: (max: number, minutes: number) => `Par sécurité, après ${max} essais de mot de passe erronés d'affilée, le compte est bloqué pendant ${minutes} minutes.`,
    wrong: "Adresse e-mail ou mot de passe incorrect.",
    locked: (minutes: number) => `Trop d'essais erronés : ce compte est bloqué pendant ${minutes} minutes. Réessayez plus tard.`,
    rateLimited: "Trop de tentatives depuis votre connexion. Patientez une minute puis réessayez.",
    failed: "La connexion a échoué. Vérifiez votre connexion internet et réessayez.",
    noAccount: "Pas encore de compte ?",
    signUp: "Créer un compte",
  },
  en: {
    email: "E-mail address",
    password: "Password",
    signIn: "Sign in",
    signingIn: "Signing in…",
    lockNote: (max: number, minutes: number) => `For your security, after ${max} wrong passwords in a row the account is locked for ${minutes} minutes.`,
    wrong: "Wrong e-mail address or password.",
    locked: (minutes: number) => `Too many wrong attempts: this account is locked for ${minutes} minutes. Try again later.`,
    rateLimited: "Too many attempts from your connection. Wait a minute, then try again.",
    failed: "Signing in failed. Check your internet connection and try again.",
    noAccount: "No account yet?",
    signUp: "Create an account",
  },
});

type Props = {
  locale: Locale;
  next: string | null;
  /** From `?error=` (next-auth's redirect when JavaScript did not run). */
  initialErrorCode: string | null;
  maxFailures: number;
  lockMinutes: number;
};

/** Where a role lands after sign-in: `next` when it belongs to that role's area, else its home. */
function landing(role: string | undefined, next: string | null): string {
  const home = role === "staff" ? "/ops" : "/dashboard";
  if (next && (next === home || next.startsWith(`${home}/`) || next.startsWith(`${home}?`))) return next;
  return home;
}

export function SignInForm({ locale, next, initialErrorCode, maxFailures, lockMinutes }: Props) {
  const t = authFormCopy[locale];
  const message = (code: string) => (code === "AccountLocked" ? t.locked(lockMinutes) : code === "RateLimited" ? t.rateLimited : code === "CredentialsSignin" ? t.wrong : t.failed);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialErrorCode ? message(initialErrorCode) : null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), redirect: false });
      if (!result || result.error || !result.ok) {
        setError(message(result?.error ?? ""));
        setBusy(false);
        return;
      }
      const session = (await getSession()) as { role?: string } | null;
      window.location.assign(landing(session?.role, next));
    } catch {
      setError(t.failed);
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error ? (
        <p ref={alertRef} tabIndex={-1} role="alert" className="rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger-strong">
          {error}
        </p>
      ) : null}
      <Field label={t.email} name="email" type="email" autoComplete="email" inputMode="email" required />
      <Field label={t.password} name="password" type="password" autoComplete="current-password" required />
      <p className="text-sm text-muted">{t.lockNote(maxFailures, lockMinutes)}</p>
      <Button type="submit" loading={busy} disabled={!hydrated} fullWidth size="lg">
        {busy ? t.signingIn : t.signIn}
      </Button>
      <p className="text-center text-sm text-muted">
        {t.noAccount}{" "}
        <Link href={`/signup?lang=${locale}`} className="font-semibold text-brand underline">
          {t.signUp}
        </Link>
      </p>
    </form>
  );
}
