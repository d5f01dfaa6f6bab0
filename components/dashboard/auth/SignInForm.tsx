"use client";

import { getSession, signIn } from "next-auth/react";
import Link from "next/link";
import { useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { FormAlert } from "@/components/ui/FormAlert";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { landingPath } from "@/lib/auth/landing";

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
    forgot: "Mot de passe oublié ?",
    codeTitle: "Vérification en deux étapes",
    codeLead: "Saisissez le code à 6 chiffres affiché par votre application d'authentification, ou l'un de vos codes de secours.",
    code: "Code de vérification",
    codeHint: "6 chiffres, ou un code de secours (xxxxx-xxxxx).",
    verify: "Vérifier",
    wrongCode: "Ce code est incorrect ou a déjà servi. Saisissez le code affiché maintenant par l'application.",
    codeExpired: "Le délai pour saisir le code est passé. Saisissez à nouveau votre e-mail et votre mot de passe.",
    back: "Utiliser un autre compte",
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
    forgot: "Forgot your password?",
    codeTitle: "Two-step verification",
    codeLead: "Enter the 6-digit code your authenticator app shows, or one of your recovery codes.",
    code: "Verification code",
    codeHint: "6 digits, or a recovery code (xxxxx-xxxxx).",
    verify: "Verify",
    wrongCode: "This code is wrong or was already used. Enter the code the app shows now.",
    codeExpired: "The time to enter the code has run out. Enter your e-mail and password again.",
    back: "Use another account",
  },
});

const OTP_FIELD_ID = "signin-otp";

/** The form's answer when it was posted without JavaScript (app/signin/actions.ts); `at` 0 = nothing posted yet. */
export type SignInAnswer = { code: string | null; challenge: string | null; at: number };

type Props = {
  locale: Locale;
  /** Server action: the form signs in before (or without) the page's script. */
  action: (state: SignInAnswer, formData: FormData) => Promise<SignInAnswer>;
  next: string | null;
  /** From `?error=` (next-auth's redirect when JavaScript did not run). */
  initialErrorCode: string | null;
  maxFailures: number;
  lockMinutes: number;
};

/**
 * Sign-in, then the two-factor code when the account has it on. With its script, next-auth's
 * client signs in and the code step keeps the password in memory; before the script has loaded
 * (or without it), the same form posts to a server action that does the same checks and carries
 * the code step in an encrypted challenge.
 */
export function SignInForm({ locale, action, next, initialErrorCode, maxFailures, lockMinutes }: Props) {
  const t = authFormCopy[locale];
  const messages: Record<string, string> = { AccountLocked: t.locked(lockMinutes), RateLimited: t.rateLimited, CredentialsSignin: t.wrong, TwoFactorInvalid: t.wrongCode, TwoFactorExpired: t.codeExpired };
  const message = (code: string | null) => (code === null || code === "TwoFactorRequired" ? null : (messages[code] ?? t.failed));
  const [answer, formAction] = useActionState(action, { code: null, challenge: null, at: 0 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() => message(answer.at ? answer.code : initialErrorCode));
  // A post React replayed after hydration (a tap just before the script ran): show its answer.
  const seen = useRef(answer.at);
  useEffect(() => {
    if (answer.at === seen.current) return;
    seen.current = answer.at;
    setError(message(answer.code));
    setBusy(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);
  const challenge = answer.challenge;
  // Kept between the two steps: the code step signs in with the same e-mail and password.
  const [credentials, setCredentials] = useState<{ email: string; password: string } | null>(null);

  useEffect(() => {
    if (credentials && !error) document.getElementById(OTP_FIELD_ID)?.focus();
  }, [credentials, error]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The code step of a sign-in the server action began: the action finishes it.
    if (!credentials && challenge) {
      setBusy(true);
      return;
    }
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const creds = credentials ?? { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    const otp = credentials ? String(form.get("otp") ?? "").trim() : "";
    setBusy(true);
    setError(null);
    try {
      const result = await signIn("credentials", { ...creds, otp, redirect: false });
      if (result?.error === "TwoFactorRequired") {
        setCredentials(creds);
        setBusy(false);
        return;
      }
      if (!result || result.error || !result.ok) {
        // A lockout or a limit ends the code step: the form starts over from the password.
        if (result?.error !== "TwoFactorInvalid") setCredentials(null);
        setError(message(result?.error ?? ""));
        setBusy(false);
        return;
      }
      const session = (await getSession()) as { role?: string } | null;
      window.location.assign(landingPath(session?.role, next));
    } catch {
      setError(t.failed);
      setBusy(false);
    }
  }

  return (
    <form method="post" action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {credentials || challenge ? (
        <>
          <h2 className="text-lg font-bold text-ink">{t.codeTitle}</h2>
          <p className="text-sm text-muted">{t.codeLead}</p>
          {!credentials && challenge ? <input type="hidden" name="challenge" value={challenge} /> : null}
          {/* autoFocus: the code step rendered by the server (no script) puts the cursor in the field too. */}
          <Field id={OTP_FIELD_ID} label={t.code} hint={t.codeHint} name="otp" autoComplete="one-time-code" inputMode="text" required maxLength={20} spellCheck={false} autoCapitalize="none" autoFocus={Boolean(challenge)} />
          <Button type="submit" loading={busy} fullWidth size="lg">
            {busy ? t.signingIn : t.verify}
          </Button>
          <Link
            href={`/signin?lang=${locale}`}
            className={buttonClasses({ variant: "ghost" })}
            onClick={(event) => {
              if (!credentials) return;
              event.preventDefault();
              setCredentials(null);
              setError(null);
            }}
          >
            {t.back}
          </Link>
        </>
      ) : (
        <>
          <Field label={t.email} name="email" type="email" autoComplete="email" inputMode="email" required />
          <Field label={t.password} name="password" type="password" autoComplete="current-password" required />
          <p className="text-sm text-muted">{t.lockNote(maxFailures, lockMinutes)}</p>
          <Button type="submit" loading={busy} fullWidth size="lg">
            {busy ? t.signingIn : t.signIn}
          </Button>
          <p className="text-center text-sm">
            <Link href={`/forgot-password?lang=${locale}`} className="font-semibold text-brand underline">
              {t.forgot}
            </Link>
          </p>
        </>
      )}
      <p className="text-center text-sm text-muted">
        {t.noAccount}{" "}
        <Link href={`/signup?lang=${locale}`} className="font-semibold text-brand underline">
          {t.signUp}
        </Link>
      </p>
    </form>
  );
}
