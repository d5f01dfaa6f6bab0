"use client";

import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";

const copy = defineCopy({
  fr: {
    label: "Adresse e-mail à confirmer",
    text: (email: string) => `Confirmez votre adresse ${email} avec le lien reçu par e-mail.`,
    why: "Le mode test fonctionne déjà ; la production demande une adresse confirmée.",
    resend: "Renvoyer l'e-mail",
    sent: "E-mail envoyé. Le lien fonctionne une fois ; seul le plus récent est valable.",
    limited: "Trop d'envois. Patientez une minute.",
    already: "Votre adresse est déjà confirmée. Rechargez la page.",
    failed: "L'envoi a échoué. Réessayez dans un instant.",
  },
  en: {
    label: "E-mail address to confirm",
    text: (email: string) => `Confirm your address ${email} with the link we e-mailed you.`,
    why: "Test mode already works; going live needs a confirmed address.",
    resend: "Resend the e-mail",
    sent: "E-mail sent. The link works once; only the newest one is valid.",
    limited: "Too many e-mails sent. Wait a minute.",
    already: "Your address is already confirmed. Reload the page.",
    failed: "Sending failed. Try again in a moment.",
  },
});

/**
 * Shown on every dashboard page while the signed-in user's address is not verified. A few lines on
 * a phone (the resend is a button within the sentence, the why from 640 px): a new account's first
 * screen is its balances, not notices.
 */
export function EmailVerificationBanner({ locale, email }: { locale: Locale; email: string }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    try {
      await apiFetch("/dashboard-api/account/verify-email/resend", { method: "POST", body: { locale } });
      setStatus(t.sent);
    } catch (e) {
      const code = e instanceof ApiClientError ? e.code : "";
      setStatus(code === "RATE_LIMIT_EXCEEDED" ? t.limited : code === "EMAIL_ALREADY_VERIFIED" ? t.already : t.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside aria-label={t.label} data-testid="email-verification-banner" className="border-b border-line bg-warning px-4 py-2 text-sm text-warning-ink">
      <p className="mx-auto max-w-6xl [overflow-wrap:anywhere]">
        {t.text(email)} <span className="hidden sm:inline">{t.why} </span>
        <button type="button" onClick={resend} disabled={!hydrated || busy} aria-busy={busy || undefined} className="font-semibold underline underline-offset-2 disabled:cursor-not-allowed disabled:opacity-70">
          {t.resend}
        </button>
      </p>
      {status ? (
        <p role="status" className="mx-auto mt-2 max-w-6xl font-medium">
          {status}
        </p>
      ) : null}
    </aside>
  );
}
