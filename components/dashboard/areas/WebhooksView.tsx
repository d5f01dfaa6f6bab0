"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { statusesOf, statusLabel } from "@/lib/i18n/status-labels";
import { Badge } from "../Badge";
import { ConfirmInline } from "../ConfirmInline";
import { DateTime } from "../DateTime";
import { SecretReveal } from "../SecretReveal";
import { Select } from "../Select";
import { StatusBadge } from "../StatusBadge";
import { useHydrated } from "../useHydrated";
import { DeliveryDetail } from "./webhooks/DeliveryDetail";
import { DeliveryStats, type DeliveryStatsData } from "./webhooks/DeliveryStats";
import { EndpointEditForm, type EndpointChange } from "./webhooks/EndpointEditForm";
import { EventPicker, noneChosenMessage, readEnabledEvents } from "./webhooks/EventPicker";
import { errorMessages } from "@/components/data/error-messages";

type Endpoint = { id: string; url: string; description: string | null; enabled_events: string[]; enabled: boolean; created_at: string };
type Log = { id: string; status: "PENDING" | "SUCCESS" | "FAILED"; event_type: string; url: string; attempt_count: number; response_status: number | null; error: string | null; created_at: string };
export type WebhooksOverview = { endpoints: Endpoint[]; logs: Log[]; pagination?: unknown };

const copy = defineCopy({
  fr: {
    title: "Webhooks",
    intro: "Vos serveurs reçoivent un appel signé à chaque événement (paiement réussi, échoué, expiré…).",
    endpoints: "Points de réception",
    none: "Aucun point de réception.",
    newEndpoint: "Ajouter un point de réception",
    url: "Adresse HTTPS de réception",
    urlHint: "Par exemple https://boutique.ml/webhooks/cauri",
    description: "Description (facultatif)",
    edit: "Modifier",
    cancel: "Annuler",
    saved: "Point de réception enregistré.",
    remove: "Supprimer",
    removeQuestion: "Supprimer ce point de réception ?",
    removeEffect: "Il ne recevra plus rien et ses livraisons en attente échouent ; son journal de livraisons reste lisible.",
    removeYes: "Oui, supprimer",
    removed: "Point de réception supprimé.",
    stats: "Statistiques",
    add: "Ajouter",
    secretTitle: "Secret de signature",
    enabled: "Actif",
    disabled: "Désactivé",
    enable: "Activer",
    disable: "Désactiver",
    roll: "Renouveler le secret",
    allEvents: "tous les événements",
    sendTest: "Envoyer un événement de test",
    testSent: (n: number) => `Événement de test envoyé à ${n} point(s) de réception.`,
    logs: "Livraisons",
    status: "Statut",
    all: "Tous",
    noLogs: "Aucune livraison.",
    event: "Événement",
    attempts: "Tentatives",
    lastAnswer: "dernière réponse HTTP",
    details: "Détail de la livraison",
    hide: "Masquer le détail",
    retry: "Renvoyer",
    retried: "Renvoi effectué.",
    loading: "Chargement…",
    errors: errorMessages.fr.webhooks,
  },
  en: {
    title: "Webhooks",
    intro: "Your servers receive a signed call on each event (payment succeeded, failed, expired…).",
    endpoints: "Endpoints",
    none: "No endpoint.",
    newEndpoint: "Add an endpoint",
    url: "HTTPS receiving URL",
    urlHint: "For example https://shop.ml/webhooks/cauri",
    description: "Description (optional)",
    edit: "Edit",
    cancel: "Cancel",
    saved: "Endpoint saved.",
    remove: "Delete",
    removeQuestion: "Delete this endpoint?",
    removeEffect: "It will receive nothing more and its pending deliveries fail; its delivery log stays readable.",
    removeYes: "Yes, delete",
    removed: "Endpoint deleted.",
    stats: "Statistics",
    add: "Add",
    secretTitle: "Signing secret",
    enabled: "Enabled",
    disabled: "Disabled",
    enable: "Enable",
    disable: "Disable",
    roll: "Roll the secret",
    allEvents: "all events",
    sendTest: "Send a test event",
    testSent: (n: number) => `Test event sent to ${n} endpoint(s).`,
    logs: "Deliveries",
    status: "Status",
    all: "All",
    noLogs: "No delivery.",
    event: "Event",
    attempts: "Attempts",
    lastAnswer: "last HTTP answer",
    details: "Delivery detail",
    hide: "Hide the detail",
    retry: "Retry",
    retried: "Retry done.",
    loading: "Loading…",
    errors: errorMessages.en.webhooks,
  },
});

function LogRow({ log, locale, onRetry, retrying, canManage, canReadLogs }: { log: Log; locale: Locale; onRetry: () => void; retrying: boolean; canManage: boolean; canReadLogs: boolean }) {
  const t = copy[locale];
  const [open, setOpen] = useState(false);
  return (
    <li className="py-3" data-testid="webhook-log">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <code className="font-mono break-all">{log.event_type}</code>
        <span data-testid="delivery-status">
          <StatusBadge kind="delivery" status={log.status} locale={locale} code />
        </span>
      </div>
      <p className="mt-1 text-xs break-all text-muted">{log.url}</p>
      <p className="text-xs text-muted">
        {t.attempts} : {log.attempt_count}
        {log.response_status ? ` · ${t.lastAnswer} ${log.response_status}` : ""} · <DateTime value={log.created_at} locale={locale} />
      </p>
      {canReadLogs || canManage ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {canReadLogs ? (
            <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              {open ? t.hide : t.details}
            </Button>
          ) : null}
          {canManage ? (
            <Button variant="secondary" loading={retrying} onClick={onRetry}>
              {t.retry}
            </Button>
          ) : null}
        </div>
      ) : null}
      {open ? <DeliveryDetail id={log.id} attemptCount={log.attempt_count} locale={locale} /> : null}
    </li>
  );
}

export function WebhooksView({
  locale,
  mode,
  initial,
  initialStats,
  eventTypes,
  canManage,
  canReadLogs,
}: {
  locale: Locale;
  mode: Mode;
  initial: WebhooksOverview;
  initialStats: DeliveryStatsData;
  eventTypes: string[];
  /** developers.manage: endpoints, secrets, test and re-sent deliveries (the server refuses the others too). */
  canManage: boolean;
  /** developers.logs: a delivery's payload and its attempts' requests and responses. */
  canReadLogs: boolean;
}) {
  const t = copy[locale];
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState("");
  const queryKey = ["webhooks", mode, status];
  const query = useQuery({
    queryKey,
    queryFn: () => apiFetch<WebhooksOverview>(`/dashboard-api/webhooks?limit=50${status ? `&status=${status}` : ""}`),
    initialData: status === "" ? initial : undefined,
    staleTime: 5_000,
  });
  const stats = useQuery({ queryKey: ["webhook-stats", mode], queryFn: () => apiFetch<DeliveryStatsData>("/dashboard-api/webhooks/stats"), initialData: initialStats, staleTime: 5_000 });
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [editUrlError, setEditUrlError] = useState<string | undefined>();
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [urlError, setUrlError] = useState<string | undefined>();
  const message = (e: unknown) => (e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ["webhooks", mode] }), queryClient.invalidateQueries({ queryKey: ["webhook-stats", mode] })]);
  const start = () => {
    setError(null);
    setNotice("");
  };

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<Endpoint & { secret: string }>("/dashboard-api/webhooks/endpoints", { method: "POST", body }),
    onMutate: () => {
      start();
      setUrlError(undefined);
    },
    onSuccess: (e) => {
      setSecret({ id: e.id, secret: e.secret });
      void refresh();
    },
    onError: (e) => (e instanceof ApiClientError && e.param === "url" ? setUrlError(message(e)) : setError(message(e))),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { enabled: boolean } | EndpointChange }) => apiFetch(`/dashboard-api/webhooks/endpoints/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    onMutate: () => {
      start();
      setEditUrlError(undefined);
    },
    onSuccess: (_, { body }) => {
      if ("url" in body) {
        setEditing(null);
        setNotice(t.saved);
      }
    },
    onError: (e, { body }) => ("url" in body && e instanceof ApiClientError && e.param === "url" ? setEditUrlError(message(e)) : setError(message(e))),
    onSettled: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/dashboard-api/webhooks/endpoints/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onMutate: start,
    onSuccess: () => {
      setRemoving(null);
      setNotice(t.removed);
    },
    onError: (e) => setError(message(e)),
    onSettled: () => void refresh(),
  });
  const roll = useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string; secret: string }>(`/dashboard-api/webhooks/endpoints/${encodeURIComponent(id)}/roll`, { method: "POST", body: {} }),
    onMutate: start,
    onSuccess: (e) => setSecret({ id: e.id, secret: e.secret }),
    onError: (e) => setError(message(e)),
  });
  const test = useMutation({
    mutationFn: () => apiFetch<{ deliveries: unknown[] }>("/dashboard-api/webhooks/test", { method: "POST", body: {} }),
    onMutate: start,
    onSuccess: (r) => {
      setNotice(t.testSent(r.deliveries.length));
      setTimeout(() => void refresh(), 1500);
    },
    onError: (e) => setError(message(e)),
  });
  const retry = useMutation({
    mutationFn: (id: string) => apiFetch(`/dashboard-api/webhooks/logs/${encodeURIComponent(id)}/retry`, { method: "POST" }),
    onMutate: start,
    onSuccess: () => setNotice(t.retried),
    onError: (e) => setError(message(e)),
    onSettled: () => void refresh(),
  });

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const body: Record<string, unknown> = { url: String(f.get("url") ?? "").trim() };
    const description = String(f.get("description") ?? "").trim();
    if (description) body.description = description;
    const events = readEnabledEvents(f);
    if (!events) {
      setError(noneChosenMessage(locale));
      return;
    }
    body.enabled_events = events;
    create.mutate(body, { onSuccess: () => form.reset() });
  }

  const data = query.data;
  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>
      {error ? (
        <Alert className="mt-4">{error}</Alert>
      ) : null}
      <Alert tone="success" variant="inline" className="mt-2">
        {notice}
      </Alert>
      {secret ? (
        <div className="mt-4">
          <SecretReveal kind="secret" title={t.secretTitle} secret={secret.secret} locale={locale} onDone={() => setSecret(null)} />
        </div>
      ) : null}

      <section aria-labelledby="wh-endpoints" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="wh-endpoints" className="text-lg font-semibold text-ink">
            {t.endpoints}
          </h2>
          {canManage ? (
            <Button variant="secondary" onClick={() => test.mutate()} loading={test.isPending} disabled={!hydrated}>
              {t.sendTest}
            </Button>
          ) : null}
        </div>
        {!data ? (
          <Spinner label={t.loading} />
        ) : data.endpoints.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.none}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {data.endpoints.map((e) => (
              <li key={e.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between" data-testid="webhook-endpoint">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-mono text-sm text-ink">{e.url}</span>
                    <Badge tone={e.enabled ? "success" : "neutral"}>{e.enabled ? t.enabled : t.disabled}</Badge>
                  </p>
                  <p className="text-xs text-muted">
                    {e.enabled_events.length && !e.enabled_events.includes("*") ? e.enabled_events.join(", ") : t.allEvents} · <DateTime value={e.created_at} locale={locale} />
                  </p>
                </div>
                {canManage ? (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => update.mutate({ id: e.id, body: { enabled: !e.enabled } })}>
                      {e.enabled ? t.disable : t.enable}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                    <Button variant="secondary" onClick={() => roll.mutate(e.id)} loading={roll.isPending && roll.variables === e.id}>
                      {t.roll}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      aria-expanded={editing === e.id}
                      onClick={() => {
                        setEditUrlError(undefined);
                        setEditing(editing === e.id ? null : e.id);
                      }}
                    >
                      {t.edit}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                    <Button variant="secondary" aria-expanded={removing === e.id} onClick={() => setRemoving(removing === e.id ? null : e.id)}>
                      {t.remove}
                      <span className="sr-only"> {e.url}</span>
                    </Button>
                  </div>
                ) : null}
                {canManage && editing === e.id ? (
                  <div className="sm:basis-full">
                    <EndpointEditForm
                      locale={locale}
                      endpoint={e}
                      eventTypes={eventTypes}
                      saving={update.isPending}
                      urlError={editUrlError}
                      onSave={(change) => update.mutate({ id: e.id, body: change })}
                      onCancel={() => setEditing(null)}
                      onInvalid={() => setError(noneChosenMessage(locale))}
                    />
                  </div>
                ) : null}
                {canManage && removing === e.id ? (
                  <div className="sm:basis-full">
                    <ConfirmInline question={t.removeQuestion} yes={t.removeYes} no={t.cancel} busy={remove.isPending} onYes={() => remove.mutate(e.id)} onNo={() => setRemoving(null)}>
                      <p className="text-sm text-ink">{t.removeEffect}</p>
                      <p className="font-mono text-xs break-all text-muted">{e.url}</p>
                    </ConfirmInline>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canManage ? (
          <form method="post" onSubmit={onCreate} noValidate className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-2">
            <h3 className="font-semibold text-ink sm:col-span-2">{t.newEndpoint}</h3>
            <Field label={t.url} name="url" type="url" hint={t.urlHint} error={urlError} className="sm:col-span-2" />
            <Field label={t.description} name="description" maxLength={200} />
            <div className="sm:col-span-2">
              <EventPicker locale={locale} eventTypes={eventTypes} />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" loading={create.isPending} disabled={!hydrated}>
                {t.add}
              </Button>
            </div>
          </form>
        ) : null}
      </section>

      <section aria-labelledby="wh-stats" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="wh-stats" className="text-lg font-semibold text-ink">
          {t.stats}
        </h2>
        <div className="mt-2">
          <DeliveryStats locale={locale} data={stats.data} />
        </div>
      </section>

      <section aria-labelledby="wh-logs" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="wh-logs" className="text-lg font-semibold text-ink">
          {t.logs}
        </h2>
        <Select
          label={t.status}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[{ value: "", label: t.all }, ...statusesOf("delivery").map((s) => ({ value: s, label: statusLabel("delivery", s, locale) }))]}
          className="mt-2 max-w-xs"
        />
        {!data ? (
          <Spinner label={t.loading} />
        ) : data.logs.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.noLogs}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {data.logs.map((l) => (
              <LogRow
                key={l.id}
                log={l}
                locale={locale}
                canManage={canManage}
                canReadLogs={canReadLogs}
                onRetry={() => retry.mutate(l.id)}
                retrying={retry.isPending && retry.variables === l.id}
              />
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}
