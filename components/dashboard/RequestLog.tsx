"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { recentRequests } from "@/lib/http/request-log";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { apiFetch } from "./api";
import { Badge } from "./Badge";
import { DateTime } from "./DateTime";
import { Select } from "./Select";

type Entry = Awaited<ReturnType<typeof recentRequests>>[number];

const copy = defineCopy({
  fr: {
    title: "Journal des requêtes (24 h)",
    intro: "Les appels à l'API faits avec les clés de cette application dans ce mode, les plus récents d'abord.",
    status: "Statut HTTP",
    all: "Tous",
    refresh: "Actualiser",
    none: "Aucune requête ces dernières 24 heures.",
    loading: "Chargement du journal…",
    error: "Impossible de charger le journal. Réessayez dans un instant.",
    time: "Heure",
    request: "Requête",
    latency: "Durée",
  },
  en: {
    title: "Request log (24 h)",
    intro: "API calls made with this application's keys in this mode, newest first.",
    status: "HTTP status",
    all: "All",
    refresh: "Refresh",
    none: "No request in the last 24 hours.",
    loading: "Loading the log…",
    error: "Could not load the log. Try again in a moment.",
    time: "Time",
    request: "Request",
    latency: "Duration",
  },
});

const tone = (status: number) => (status >= 500 ? "danger" : status >= 400 ? "warning" : "success");

/** The Developers page's request log: method, path, status and latency of each /v1 call. */
export function RequestLog({ locale, mode }: { locale: Locale; mode: Mode }) {
  const t = copy[locale];
  const [status, setStatus] = useState("");
  const query = useQuery({
    queryKey: ["request-log", mode, status],
    queryFn: () => apiFetch<{ requests: Entry[] }>(`/dashboard-api/developers/requests${status ? `?status=${status}` : ""}`),
    staleTime: 5_000,
  });
  return (
    <section aria-labelledby="request-log" className="mt-8 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="request-log" className="text-lg font-semibold text-ink">
          {t.title}
        </h2>
        {query.isFetching ? <Spinner label={t.loading} /> : null}
      </div>
      <p className="text-sm text-muted">{t.intro}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Select
          label={t.status}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[{ value: "", label: t.all }, ...["2xx", "4xx", "5xx"].map((s) => ({ value: s, label: s }))]}
          className="max-w-40"
        />
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t.refresh}
        </Button>
      </div>
      {query.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {t.error}
        </p>
      ) : query.isPending ? (
        <Spinner label={t.loading} />
      ) : query.data.requests.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t.none}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t.time}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t.request}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t.status}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t.latency}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.requests.map((r) => (
                <tr key={r.id} className="border-b border-line last:border-0" data-testid="request-log-entry">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <DateTime value={r.created_at} locale={locale} />
                  </td>
                  <td className="py-2 pr-3">
                    <code className="font-mono break-all">
                      {r.method} {r.path}
                    </code>
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={tone(r.status)}>{r.status}</Badge>
                  </td>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">{r.duration_ms} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
