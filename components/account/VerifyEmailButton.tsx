"use client";

import Link from "next/link";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { FormAlert } from "@/components/ui/FormAlert";

const copy = defineCopy({
  fr: {
    confirm: "Confirmer mon adresse",
    confirming: "Confirmation…",
    done: (email: string) => `L'adresse ${email} est confirmée. Merci !`,
    dashboard: "Ouvrir le tableau de bord",
    invalid: "Ce lien a expiré ou a déjà servi. Depuis le tableau de bord, demandez un nouvel e-mail de vérification.",
    other: "La confirmation a échoué. Vérifiez votre connexion internet et réessayez.",
  },
  en: {
    confirm: "Confirm my address",
    confirming: "Confirming…",
    done: (email: string) => `The address ${email} is confirmed. Thank you!`,
    dashboard: "Open the dashboard",
    invalid: "This link has expired or was already used. Ask for a new verification e-mail from the dashboard.",
    other: "Confirming failed. Check your internet connection and try again.",
  },
});

/**
 * A button rather than confirming on page load: mail scanners open links, and a link opened by a
 * robot must not be the one that counts.
 */
export function VerifyEmailButton({ locale, token }: { locale: Locale; token: string }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      setEmail((await apiFetch<{ email: string }>("/dashboard-api/account/verify-email", { method: "POST", body: { token } })).email);
    } catch (e) {
      setError(e instanceof ApiClientError && e.code === "VERIFICATION_LINK_INVALID" ? t.invalid : t.other);
    } finally {
      setBusy(false);
    }
  }

  if (email)
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{t.done(email)}</FormAlert>
        <Link href={`/dashboard?lang=${locale}`} className="text-center font-semibold text-brand underline">
          {t.dashboard}
        </Link>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <Button onClick={confirm} loading={busy} disabled={!hydrated} fullWidth size="lg">
        {busy ? t.confirming : t.confirm}
      </Button>
    </div>
  );
}
