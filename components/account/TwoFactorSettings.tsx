"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Field } from "@/components/ui/Field";
import { formatBamako } from "@/lib/format/date";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { FormAlert } from "@/components/ui/FormAlert";
import { errorMessages, messageFor } from "@/components/data/error-messages";

/** GET of the API base (lib/auth/two-factor.ts twoFactorStatus). */
export type TwoFactorStatusView = { enabled: boolean; enabled_at: string | null; recovery_codes_left: number; required: boolean };
type Enrollment = { secret: string; otpauth_url: string; qr_data_url: string };

const copy = defineCopy({
  fr: {
    title: "Vérification en deux étapes",
    off: "Désactivée. À chaque connexion, en plus du mot de passe, un code à 6 chiffres de votre application d'authentification (Google Authenticator, Microsoft Authenticator, Authy, 1Password…) vous sera demandé.",
    requiredNote: "Obligatoire pour ce compte : elle ne peut pas être désactivée.",
    on: (date: string) => `Activée depuis le ${date}.`,
    codesLeft: (n: number) => `Codes de secours encore utilisables : ${n}.`,
    start: "Activer la vérification en deux étapes",
    scan: "1. Scannez ce QR code avec votre application d'authentification.",
    qrAlt: "QR code à scanner avec l'application d'authentification",
    manual: "Ou saisissez cette clé dans l'application :",
    confirmLead: "2. Saisissez le code à 6 chiffres affiché par l'application.",
    code: "Code à 6 chiffres",
    confirm: "Confirmer et activer",
    codesTitle: "Vos codes de secours",
    codesLead:
      "Chaque code permet une connexion si vous n'avez plus votre téléphone, une seule fois. Conservez-les hors de ce téléphone (imprimés, gestionnaire de mots de passe) : ils ne seront plus jamais affichés.",
    codesSaved: "J'ai conservé mes codes",
    copy: "Copier les codes",
    copied: "Codes copiés.",
    regenTitle: "Nouveaux codes de secours",
    regenLead: "Les anciens codes cesseront de fonctionner. Saisissez le code actuel de l'application.",
    regen: "Générer de nouveaux codes",
    disableTitle: "Désactiver",
    disableLead: "Votre mot de passe et un code de l'application (ou un code de secours) sont nécessaires.",
    password: "Mot de passe actuel",
    codeOrRecovery: "Code de l'application ou code de secours",
    disable: "Désactiver la vérification en deux étapes",
    disabled: "La vérification en deux étapes est désactivée.",
    enabled: "La vérification en deux étapes est activée.",
    errors: errorMessages.fr.twoFactor,
  },
  en: {
    title: "Two-step verification",
    off: "Off. At each sign-in, besides your password, you will be asked for a 6-digit code from your authenticator app (Google Authenticator, Microsoft Authenticator, Authy, 1Password…).",
    requiredNote: "Required for this account: it cannot be turned off.",
    on: (date: string) => `On since ${date}.`,
    codesLeft: (n: number) => `Recovery codes still usable: ${n}.`,
    start: "Turn on two-step verification",
    scan: "1. Scan this QR code with your authenticator app.",
    qrAlt: "QR code to scan with the authenticator app",
    manual: "Or type this key into the app:",
    confirmLead: "2. Enter the 6-digit code the app shows.",
    code: "6-digit code",
    confirm: "Confirm and turn on",
    codesTitle: "Your recovery codes",
    codesLead: "Each code signs you in once if you lose your phone. Keep them away from this phone (printed, in a password manager): they will never be shown again.",
    codesSaved: "I have saved my codes",
    copy: "Copy the codes",
    copied: "Codes copied.",
    regenTitle: "New recovery codes",
    regenLead: "The old codes will stop working. Enter the app's current code.",
    regen: "Generate new codes",
    disableTitle: "Turn off",
    disableLead: "Your password and a code from the app (or a recovery code) are needed.",
    password: "Current password",
    codeOrRecovery: "App code or recovery code",
    disable: "Turn off two-step verification",
    disabled: "Two-step verification is off.",
    enabled: "Two-step verification is on.",
    errors: errorMessages.en.twoFactor,
  },
});

type Failure = { form: string; code: string; message: string };

/**
 * Enrollment (QR code and key, confirmed by a current code), the recovery codes shown once,
 * their renewal, and turning it off where it is not required. `apiBase` is the dashboard's or
 * the console's two-factor route; `after` is rendered once two-factor is on (the console's way in).
 */
export function TwoFactorSettings({ locale, apiBase, initial, after }: { locale: Locale; apiBase: string; initial: TwoFactorStatusView; after?: ReactNode }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const [status, setStatus] = useState(initial);
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run<T>(name: string, work: () => Promise<T>): Promise<T | null> {
    setBusy(name);
    setFailure(null);
    setNotice(null);
    try {
      return await work();
    } catch (e) {
      const code = e instanceof ApiClientError ? e.code : "other";
      setFailure({ form: name, code, message: messageFor(t.errors, code) });
      return null;
    } finally {
      setBusy(null);
    }
  }

  const refresh = async () => setStatus(await apiFetch<TwoFactorStatusView>(apiBase));
  const value = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? "").trim();
  const fieldError = (form: string, code: string) => (failure?.form === form && failure.code === code ? failure.message : undefined);
  const formAlert = (forms: string[]) =>
    failure && forms.includes(failure.form) && failure.code !== "INVALID_TWO_FACTOR_CODE" && failure.code !== "WRONG_PASSWORD" ? <FormAlert tone="error">{failure.message}</FormAlert> : null;

  if (codes)
    return (
      <Card title={t.codesTitle} description={t.codesLead}>
        <ul data-testid="recovery-codes" className="grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2">
          {codes.map((c) => (
            <li key={c} className="rounded-lg border border-line bg-canvas px-3 py-2 text-ink">
              {c}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            onClick={async () => {
              await navigator.clipboard?.writeText(codes.join("\n"));
              setNotice(t.copied);
            }}
          >
            {t.copy}
          </Button>
          <Button
            onClick={() => {
              setCodes(null);
              setNotice(t.enabled);
            }}
          >
            {t.codesSaved}
          </Button>
        </div>
        {notice ? <p className="mt-3 text-sm text-muted" role="status">{notice}</p> : null}
      </Card>
    );

  if (!status.enabled)
    return (
      <Card title={t.title} description={t.off}>
        <div className="flex flex-col gap-4">
          {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
          {formAlert(["start", "confirm"])}
          {enrollment ? (
            <form
              noValidate
              className="flex flex-col gap-4"
              onSubmit={async (event) => {
                event.preventDefault();
                const code = value(event, "code");
                const done = await run("confirm", () => apiFetch<{ recovery_codes: string[] }>(`${apiBase}/confirm`, { method: "POST", body: { code } }));
                if (done) {
                  setEnrollment(null);
                  setCodes(done.recovery_codes);
                  await refresh();
                }
              }}
            >
              <p className="text-sm text-ink">{t.scan}</p>
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL generated per enrollment, nothing to optimize */}
              <img src={enrollment.qr_data_url} alt={t.qrAlt} width={220} height={220} className="rounded-lg border border-line bg-white p-2" />
              <p className="text-sm text-ink">
                {t.manual}{" "}
                <code data-testid="totp-secret" className="break-all rounded bg-canvas px-1 font-mono text-sm">
                  {enrollment.secret}
                </code>
              </p>
              <p className="text-sm text-ink">{t.confirmLead}</p>
              <Field label={t.code} name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]*" maxLength={6} required error={fieldError("confirm", "INVALID_TWO_FACTOR_CODE")} />
              <Button type="submit" loading={busy === "confirm"} disabled={!hydrated}>
                {t.confirm}
              </Button>
            </form>
          ) : (
            <Button loading={busy === "start"} disabled={!hydrated} onClick={async () => setEnrollment(await run("start", () => apiFetch<Enrollment>(apiBase, { method: "POST" })))}>
              {t.start}
            </Button>
          )}
        </div>
      </Card>
    );

  return (
    <div className="flex flex-col gap-6">
      <Card title={t.title} description={`${t.on(formatBamako(status.enabled_at!, locale))} ${t.codesLeft(status.recovery_codes_left)}`}>
        <div className="flex flex-col gap-4">
          {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
          {status.required ? <p className="text-sm font-medium text-ink">{t.requiredNote}</p> : null}
          {after}
        </div>
      </Card>
      <Card title={t.regenTitle} headingLevel={2} description={t.regenLead}>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            const code = value(event, "code");
            const done = await run("regen", () => apiFetch<{ recovery_codes: string[] }>(`${apiBase}/recovery-codes`, { method: "POST", body: { code } }));
            if (done) {
              setCodes(done.recovery_codes);
              await refresh();
            }
          }}
        >
          {formAlert(["regen"])}
          <Field label={t.code} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} required error={fieldError("regen", "INVALID_TWO_FACTOR_CODE")} />
          <Button type="submit" variant="secondary" loading={busy === "regen"} disabled={!hydrated}>
            {t.regen}
          </Button>
        </form>
      </Card>
      {status.required ? null : (
        <Card title={t.disableTitle} description={t.disableLead}>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={async (event) => {
              event.preventDefault();
              const body = { password: String(new FormData(event.currentTarget).get("password") ?? ""), code: value(event, "code") };
              const done = await run("disable", () => apiFetch(`${apiBase}/disable`, { method: "POST", body }));
              if (done) {
                await refresh();
                setNotice(t.disabled);
              }
            }}
          >
            {formAlert(["disable"])}
            <Field label={t.password} name="password" type="password" autoComplete="current-password" required error={fieldError("disable", "WRONG_PASSWORD")} />
            <Field label={t.codeOrRecovery} name="code" autoComplete="one-time-code" required maxLength={20} error={fieldError("disable", "INVALID_TWO_FACTOR_CODE")} />
            <Button type="submit" variant="danger" loading={busy === "disable"} disabled={!hydrated}>
              {t.disable}
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
