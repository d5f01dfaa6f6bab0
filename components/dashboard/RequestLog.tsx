"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { recentRequests, requestDetail } from "@/lib/request-log/store";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { BodyBlock } from "./BodyBlock";
import { DateTime } from "./DateTime";
import { Select } from "./Select";
import { StatusBadge } from "./StatusBadge";

type Entry = Awaited<ReturnType<typeof recentRequests>>[number];
type Detail = Awaited<ReturnType<typeof requestDetail>>;

const copy = defineCopy({
  fr: {
    title: "Journal des requêtes (24 h)",
    intro: "Les appels à l'API faits avec les clés de cette application dans ce mode, les plus récents d'abord. Les corps sont gardés 24 heures, clés, secrets, codes de livraison, mots de passe et numéros de téléphone masqués.",
    status: "Statut HTTP",
    all: "Tous",
    exact: "Code exact (facultatif)",
    exactHint: "Par exemple 404 ; remplace le statut choisi.",
    exactInvalid: "Indiquez un code HTTP à 3 chiffres, par exemple 404.",
    path: "Chemin commençant par",
    pathHint: "Par exemple /v1/payments",
    pathInvalid: "Le chemin commence par /, par exemple /v1/payments.",
    apply: "Filtrer",
    refresh: "Actualiser",
    none: "Aucune requête ne correspond ces dernières 24 heures.",
    loading: "Chargement du journal…",
    error: "Impossible de charger le journal. Réessayez dans un instant.",
    time: "Heure",
    request: "Requête",
    latency: "Durée",
    open: "Voir le détail de",
    detailTitle: (method: string, path: string) => `Requête ${method} ${path}`,
    requestId: "Identifiant de requête",
    requestBody: "Corps envoyé",
    responseBody: "Réponse",
    noBody: "Aucun corps JSON.",
    masked: "Clés, secrets, codes et numéros de téléphone sont masqués ; au-delà de 8 Ko le corps est coupé (…).",
    close: "Fermer le détail",
    detailError: "Cette requête n'est plus dans le journal (24 heures) ou n'a pas pu être chargée.",
  },
  en: {
    title: "Request log (24 h)",
    intro: "API calls made with this application's keys in this mode, newest first. Bodies are kept 24 hours, with keys, secrets, delivery codes, passwords and phone numbers masked.",
    status: "HTTP status",
    all: "All",
    exact: "Exact status (optional)",
    exactHint: "For example 404; replaces the status chosen.",
    exactInvalid: "Enter a 3-digit HTTP status, for example 404.",
    path: "Path starting with",
    pathHint: "For example /v1/payments",
    pathInvalid: "The path starts with /, for example /v1/payments.",
    apply: "Filter",
    refresh: "Refresh",
    none: "No matching request in the last 24 hours.",
    loading: "Loading the log…",
    error: "Could not load the log. Try again in a moment.",
    time: "Time",
    request: "Request",
    latency: "Duration",
    open: "Show the detail of",
    detailTitle: (method: string, path: string) => `Request ${method} ${path}`,
    requestId: "Request id",
    requestBody: "Body sent",
    responseBody: "Response",
    noBody: "No JSON body.",
    masked: "Keys, secrets, codes and phone numbers are masked; past 8 KB a body is cut (…).",
    close: "Close the detail",
    detailError: "This request is no longer in the log (24 hours) or could not be loaded.",
  },
});

const EXACT = /^[1-5]\d\d$/;

function RequestDetail({ id, locale, onClose }: { id: string; locale: Locale; onClose: () => void }) {
  const t = copy[locale];
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const query = useQuery({ queryKey: ["request-log-entry", id], queryFn: () => apiFetch<Detail>(`/dashboard-api/developers/requests/${encodeURIComponent(id)}`) });
  useEffect(() => {
    if (query.data) heading.current?.focus();
  }, [query.data]);
  if (query.isPending) return <Spinner label={t.loading} />;
  if (query.isError)
    return (
      <p role="alert" className="mt-3 text-sm font-medium text-danger">
        {t.detailError}
      </p>
    );
  const r = query.data;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-line-strong p-4" data-testid="request-detail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="min-w-0 font-mono text-sm font-semibold break-all text-ink">
          {t.detailTitle(r.method, r.path)}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-muted">{t.status}</dt>
        <dd>
          <StatusBadge kind="http" status={String(r.status)} locale={locale} code />
        </dd>
        <dt className="font-semibold text-muted">{t.latency}</dt>
        <dd className="tabular-nums">{r.duration_ms} ms</dd>
        <dt className="font-semibold text-muted">{t.time}</dt>
        <dd>
          <DateTime value={r.created_at} locale={locale} />
        </dd>
        <dt className="font-semibold text-muted">{t.requestId}</dt>
        <dd className="min-w-0 font-mono text-xs break-all">{r.request_id}</dd>
      </dl>
      <p className="mt-3 text-xs text-muted">{t.masked}</p>
      <BodyBlock title={t.requestBody} text={r.request_body} empty={t.noBody} testId="request-body" />
      <BodyBlock title={t.responseBody} text={r.response_body} empty={t.noBody} testId="response-body" />
    </section>
  );
}

/** The Developers page's request log: method, path, status and latency of each /v1 call, filtered like Stripe's, each opening on its masked bodies. */
export function RequestLog({ locale, mode }: { locale: Locale; mode: Mode }) {
  const t = copy[locale];
  const [statusClass, setStatusClass] = useState("");
  const [filters, setFilters] = useState<{ exact: string; path: string }>({ exact: "", path: "" });
  const [errors, setErrors] = useState<{ exact?: string; path?: string }>({});
  const [open, setOpen] = useState<string | null>(null);
  const status = filters.exact || statusClass;
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (filters.path) params.set("path", filters.path);
  const search = params.toString();
  const query = useQuery({
    queryKey: ["request-log", mode, search],
    queryFn: () => apiFetch<{ requests: Entry[] }>(`/dashboard-api/developers/requests${search ? `?${search}` : ""}`),
    staleTime: 5_000,
  });

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const exact = String(f.get("exact") ?? "").trim();
    const path = String(f.get("path") ?? "").trim();
    const problems = { exact: exact && !EXACT.test(exact) ? t.exactInvalid : undefined, path: path && !path.startsWith("/") ? t.pathInvalid : undefined };
    setErrors(problems);
    if (problems.exact || problems.path) return;
    setOpen(null);
    setFilters({ exact, path });
  }

  const failure = query.error instanceof ApiClientError && query.error.code === "INVALID_STATUS_FILTER" ? t.exactInvalid : t.error;
  return (
    <section aria-labelledby="request-log" className="mt-8 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="request-log" className="text-lg font-semibold text-ink">
          {t.title}
        </h2>
        {query.isFetching ? <Spinner label={t.loading} /> : null}
      </div>
      <p className="text-sm text-muted">{t.intro}</p>
      <form onSubmit={onFilter} noValidate className="mt-3 grid gap-3 sm:grid-cols-[10rem_12rem_1fr] sm:items-start">
        <Select
          label={t.status}
          value={statusClass}
          onChange={(e) => {
            setOpen(null);
            setStatusClass(e.target.value);
          }}
          options={[{ value: "", label: t.all }, ...["2xx", "4xx", "5xx"].map((s) => ({ value: s, label: s }))]}
        />
        <Field label={t.exact} name="exact" inputMode="numeric" maxLength={3} hint={t.exactHint} error={errors.exact} />
        <Field label={t.path} name="path" hint={t.pathHint} error={errors.path} maxLength={200} autoCapitalize="off" spellCheck={false} />
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <Button type="submit">{t.apply}</Button>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t.refresh}
          </Button>
        </div>
      </form>
      {query.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {failure}
        </p>
      ) : query.isPending ? (
        <Spinner label={t.loading} />
      ) : (
        <DataTable
          className="mt-3 table-fixed"
          rows={query.data.requests}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ className: open === r.id ? "bg-canvas" : undefined, "data-testid": "request-log-entry" })}
          empty={t.none}
          columns={[
            { key: "time", header: t.time, from: "sm", headerClassName: "w-40", cell: (r) => <DateTime value={r.created_at} locale={locale} /> },
            {
              key: "request",
              header: t.request,
              cell: (r) => (
                <>
                  <button
                    type="button"
                    aria-expanded={open === r.id}
                    aria-controls={open === r.id ? `request-${r.id}` : undefined}
                    onClick={() => setOpen(open === r.id ? null : r.id)}
                    className="min-h-11 text-left font-mono break-all text-brand underline decoration-dotted underline-offset-2"
                  >
                    <span className="sr-only">{t.open} </span>
                    {r.method} {r.path}
                  </button>
                  <span className="block text-xs text-muted sm:hidden">
                    <DateTime value={r.created_at} locale={locale} /> · {r.duration_ms} ms
                  </span>
                </>
              ),
            },
            {
              key: "status",
              header: t.status,
              headerClassName: "w-32 sm:w-44",
              cell: (r) => <StatusBadge kind="http" status={String(r.status)} locale={locale} code />,
              cellProps: () => ({ "data-testid": "request-status" }),
            },
            { key: "latency", header: t.latency, from: "sm", align: "right", headerClassName: "w-20", className: "whitespace-nowrap tabular-nums", cell: (r) => `${r.duration_ms} ms` },
          ]}
        />
      )}
      {open ? (
        <div id={`request-${open}`}>
          <RequestDetail key={open} id={open} locale={locale} onClose={() => setOpen(null)} />
        </div>
      ) : null}
    </section>
  );
}
