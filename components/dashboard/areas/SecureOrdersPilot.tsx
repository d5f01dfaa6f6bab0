"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { PilotState } from "@/lib/secure-orders/pilot";
import { apiFetch } from "@/components/data/fetch-json";
import { DateTime } from "../DateTime";
import { useHydrated } from "../useHydrated";

const copy = defineCopy({
  fr: {
    title: "Commandes sécurisées",
    what: "L'acheteur paie, l'argent reste bloqué jusqu'à la livraison confirmée par le code de l'acheteur ; s'il n'est pas livré, il est remboursé.",
    pilot: "Les commandes sécurisées sont un pilote que l'équipe Cauri ouvre marchand par marchand. Elles ne sont pas activées pour votre compte.",
    api: "Tant qu'elles ne le sont pas, l'API refuse ces routes : elle répond 404 avec le code",
    ask: "Demander l'accès au pilote",
    askHint: "Notre équipe reçoit votre demande et vous répond ; la page s'ouvre ici dès l'activation.",
    sent: "Demande envoyée le",
    sentNext: "Notre équipe l'examine ; cette page s'ouvrira ici dès que les commandes sécurisées seront activées pour votre compte.",
    failed: "La demande n'a pas pu être envoyée. Réessayez dans un instant.",
    docs: "Lire le guide des commandes sécurisées",
  },
  en: {
    title: "Secure orders",
    what: "The buyer pays, the money stays held until delivery is confirmed with the buyer's code; if nothing is delivered, the buyer is refunded.",
    pilot: "Secure orders are a pilot the Cauri team opens merchant by merchant. They are not enabled for your account.",
    api: "Until they are, the API refuses these routes: it answers 404 with the code",
    ask: "Ask to join the pilot",
    askHint: "Our team receives your request and answers you; this page opens here once the feature is enabled.",
    sent: "Request sent on",
    sentNext: "Our team is reviewing it; this page will open here once secure orders are enabled for your account.",
    failed: "The request could not be sent. Try again in a moment.",
    docs: "Read the secure orders guide",
  },
});

/**
 * The secure-orders page of a merchant outside the pilot: what the feature is, that it is not
 * enabled (and what the API answers meanwhile), and the request to join, or the date it was sent.
 */
export function SecureOrdersPilot({ locale, initial }: { locale: Locale; initial: PilotState }) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const [state, setState] = useState(initial);
  const request = useMutation({
    mutationFn: () => apiFetch<PilotState>("/dashboard-api/secure-orders/pilot-request", { method: "POST" }),
    onSuccess: setState,
  });

  return (
    <div className="max-w-prose">
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-2 text-ink">{t.what}</p>
      <section aria-labelledby="pilot-status" className="mt-4 rounded-2xl border border-line bg-surface p-5" data-testid="secure-orders-pilot">
        <h2 id="pilot-status" className="sr-only">
          {t.ask}
        </h2>
        <p className="text-ink">{t.pilot}</p>
        <p className="mt-2 text-sm text-muted">
          {t.api} <code className="font-mono text-ink">SECURE_ORDERS_DISABLED</code>.
        </p>
        {state.requested_at ? (
          <p role="status" className="mt-4 rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink" data-testid="pilot-requested">
            <strong className="font-semibold">
              {t.sent} <DateTime value={state.requested_at} locale={locale} />.
            </strong>{" "}
            {t.sentNext}
          </p>
        ) : (
          <div className="mt-4">
            <Button onClick={() => request.mutate()} loading={request.isPending} disabled={!hydrated}>
              {t.ask}
            </Button>
            <p className="mt-2 text-sm text-muted">{t.askHint}</p>
            {request.isError ? (
              <p role="alert" className="mt-2 text-sm font-medium text-danger">
                {t.failed}
              </p>
            ) : null}
          </div>
        )}
      </section>
      <p className="mt-4">
        <Link href="/docs/secure-orders" className="text-sm font-semibold text-brand underline">
          {t.docs}
        </Link>
      </p>
    </div>
  );
}
