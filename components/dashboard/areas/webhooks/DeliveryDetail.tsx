"use client";

import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@/components/ui/Spinner";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { DeliveryDetail as Detail } from "@/lib/webhooks/delivery-detail";
import { apiFetch } from "@/components/data/fetch-json";
import { DateTime } from "../../DateTime";
import { BodyBlock } from "../../BodyBlock";
import { StatusBadge } from "../../StatusBadge";

const copy = defineCopy({
  fr: {
    loading: "Chargement de la livraison…",
    error: "Impossible de charger cette livraison. Réessayez dans un instant.",
    payload: "Événement envoyé (corps de chaque tentative)",
    attempts: "Tentatives",
    noAttempt: "Aucune tentative pour l'instant.",
    attempt: (n: number) => `Tentative n° ${n}`,
    request: "Requête",
    headersSent: "En-têtes envoyés",
    response: "Réponse",
    noResponse: "Aucune réponse reçue.",
    headersReceived: "En-têtes reçus",
    body: "Début du corps (1 Ko au plus)",
    noBody: "Corps vide.",
    notRecorded: "Non enregistrés pour cette tentative.",
    errorLabel: "Erreur",
    signatureNote: "Les signatures sont visibles ; le secret qui les produit ne l'est jamais.",
  },
  en: {
    loading: "Loading the delivery…",
    error: "Could not load this delivery. Try again in a moment.",
    payload: "Event sent (the body of every attempt)",
    attempts: "Attempts",
    noAttempt: "No attempt yet.",
    attempt: (n: number) => `Attempt #${n}`,
    request: "Request",
    headersSent: "Headers sent",
    response: "Response",
    noResponse: "No answer received.",
    headersReceived: "Headers received",
    body: "Start of the body (at most 1 KB)",
    noBody: "Empty body.",
    notRecorded: "Not recorded for this attempt.",
    errorLabel: "Error",
    signatureNote: "Signatures are shown; the secret that makes them never is.",
  },
});

const headerLines = (pairs: [string, string][] | null) => (pairs ? pairs.map(([name, value]) => `${name}: ${value}`).join("\n") : null);

/** One delivery opened: the event sent, then each attempt's request (URL, headers) and response (status, headers, first KB). */
export function DeliveryDetail({ id, attemptCount, locale }: { id: string; attemptCount: number; locale: Locale }) {
  const t = copy[locale];
  const query = useQuery({ queryKey: ["webhook-log", id, attemptCount], queryFn: () => apiFetch<Detail>(`/dashboard-api/webhooks/logs/${encodeURIComponent(id)}`) });
  if (query.isPending) return <Spinner label={t.loading} />;
  if (query.isError)
    return (
      <p role="alert" className="mt-2 text-sm font-medium text-danger">
        {t.error}
      </p>
    );
  const d = query.data;
  return (
    <div className="mt-3 rounded-xl border border-line-strong p-3 sm:p-4" data-testid="delivery-detail">
      <BodyBlock level="h3" title={t.payload} text={JSON.stringify(d.event, null, 2)} empty={t.noBody} testId="delivery-payload" />
      <h3 className="mt-4 text-sm font-semibold text-ink">{t.attempts}</h3>
      <p className="text-xs text-muted">{t.signatureNote}</p>
      {d.attempts.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t.noAttempt}</p>
      ) : (
        <ol className="mt-2 space-y-4">
          {d.attempts.map((a) => (
            <li key={a.id} className="rounded-lg border border-line p-3" data-testid="delivery-attempt">
              {/* Under the logs' h2: the delivery's parts are h3, each attempt h4, its request and response h5. */}
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <h4 className="font-semibold text-ink">{t.attempt(a.number)}</h4>
                <StatusBadge kind="delivery" status={a.status} locale={locale} code />
                <StatusBadge kind="attemptTrigger" status={a.trigger} locale={locale} code />
                <span className="text-muted">
                  {a.duration_ms} ms · <DateTime value={a.created_at} locale={locale} />
                </span>
              </div>
              <div data-testid="attempt-request">
                <h5 className="mt-3 text-sm font-semibold text-ink">{t.request}</h5>
                <p className="font-mono text-xs break-all text-ink">POST {a.url}</p>
                <BodyBlock level="h6" title={t.headersSent} text={headerLines(a.request_headers)} empty={t.notRecorded} />
              </div>
              <div data-testid="attempt-response">
                <h5 className="mt-3 text-sm font-semibold text-ink">{t.response}</h5>
                {a.response_status !== null ? (
                  <StatusBadge kind="http" status={String(a.response_status)} locale={locale} code />
                ) : (
                  <p className="text-sm text-muted">{t.noResponse}</p>
                )}
                {a.error ? (
                  <p className="mt-1 text-sm">
                    <span className="font-semibold text-danger-strong">{t.errorLabel} : </span>
                    <code className="font-mono text-xs break-all">{a.error}</code>
                  </p>
                ) : null}
                {a.response_status !== null ? (
                  <>
                    <BodyBlock level="h6" title={t.headersReceived} text={headerLines(a.response_headers)} empty={t.notRecorded} />
                    <BodyBlock level="h6" title={t.body} text={a.response_excerpt} empty={t.noBody} />
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
