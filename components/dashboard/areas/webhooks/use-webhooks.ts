"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { webhooksCopy } from "./copy";
import type { DeliveryStatsData } from "./DeliveryStats";
import type { EndpointChange } from "./EndpointEditForm";
import { noneChosenMessage, readEnabledEvents } from "./EventPicker";

export type Endpoint = { id: string; url: string; description: string | null; enabled_events: string[]; enabled: boolean; created_at: string };
export type Log = { id: string; status: "PENDING" | "SUCCESS" | "FAILED"; event_id: string; event_type: string; endpoint_id: string; url: string; attempt_count: number; response_status: number | null; error: string | null; created_at: string };
export type WebhooksOverview = { endpoints: Endpoint[]; logs: Log[]; pagination?: unknown };

/**
 * The webhooks page's data and what the merchant does with it: the endpoints and their delivery
 * log (filtered by status), the delivery statistics, and each change, with the words the page
 * shows for its outcome.
 */
export function useWebhooks({ locale, mode, initial, initialStats }: { locale: Locale; mode: Mode; initial: WebhooksOverview; initialStats: DeliveryStatsData }) {
  const t = webhooksCopy[locale];
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


  return { query, stats, status, setStatus, editing, setEditing, removing, setRemoving, editUrlError, setEditUrlError, secret, setSecret, error, setError, notice, urlError, create, update, remove, roll, test, retry, onCreate };
}
