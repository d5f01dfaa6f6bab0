"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { Diagnosis } from "@/lib/webhooks/signature-diagnosis";
import { debuggerCopy } from "./debugger-copy";
import { resendCopy } from "./resend-copy";

type ResentDelivery = { id: string; attempts: { status: string }[] };
type Queued = { object: "webhook_resend"; endpoint_id: string; queued: number; delivery_ids: string[]; has_more: boolean };

const errorText = (e: unknown, table: Record<string, string>) => (e instanceof ApiClientError ? (table[e.code] ?? table.other) : table.other);

/** The delivery log and statistics show what a resend did: refreshed once it answers. */
function useRefreshLog(mode: Mode) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ["webhooks", mode] }), queryClient.invalidateQueries({ queryKey: ["webhook-stats", mode] })]);
}

/** Resends one event now, to one endpoint (`endpointId`) or to every endpoint subscribed to its type; says how each went. */
export function useResendEvent({ locale, mode, eventId }: { locale: Locale; mode: Mode; eventId: string }) {
  const t = resendCopy[locale];
  const refresh = useRefreshLog(mode);
  const [notice, setNotice] = useState("");
  const mutation = useMutation({
    mutationFn: (endpointId: string | null) =>
      apiFetch<ResentDelivery[]>(`/dashboard-api/webhooks/events/${encodeURIComponent(eventId)}/resend`, { method: "POST", body: endpointId ? { endpoint_id: endpointId } : {} }),
    onMutate: () => setNotice(""),
    onSuccess: (deliveries) => setNotice(t.eventSent(deliveries.length, deliveries.filter((d) => d.attempts.at(-1)?.status === "SUCCESS").length)),
    onSettled: () => void refresh(),
  });
  return { mutation, notice, error: mutation.isError ? errorText(mutation.error, t.errors) : null };
}

/** Puts an endpoint's failed deliveries of a window back in the queue; the worker sends them. */
export function useResendFailed({ locale, mode, endpointId }: { locale: Locale; mode: Mode; endpointId: string }) {
  const t = resendCopy[locale];
  const refresh = useRefreshLog(mode);
  const mutation = useMutation({
    mutationFn: (window: { from: string; to: string }) => apiFetch<Queued>(`/dashboard-api/webhooks/endpoints/${encodeURIComponent(endpointId)}/resend-failed`, { method: "POST", body: window }),
    onSuccess: () => {
      // The worker takes them within a few seconds: the log shows them moving.
      void refresh();
      setTimeout(() => void refresh(), 2_000);
    },
  });
  const result = mutation.data;
  return {
    mutation,
    notice: result ? [t.failedQueued(result.queued), result.has_more ? t.hasMore : ""].filter(Boolean).join(" ") : "",
    error: mutation.isError ? errorText(mutation.error, t.errors) : null,
    errorParam: mutation.error instanceof ApiClientError ? mutation.error.param : undefined,
  };
}

export type SignatureCheck = { endpoint_id?: string; secret?: string; body: string; headers: string };

/** The signature debugger's question and its diagnosis; a refused field is named for the form. */
export function useSignatureCheck(locale: Locale) {
  const t = debuggerCopy[locale];
  const mutation = useMutation({ mutationFn: (check: SignatureCheck) => apiFetch<Diagnosis>("/dashboard-api/webhooks/verify", { method: "POST", body: check }) });
  const failure = mutation.error;
  const param = failure instanceof ApiClientError ? failure.param : undefined;
  return {
    mutation,
    fieldError: (name: string) => (param === name ? t.fieldErrors[name] : undefined),
    error: failure && !(param && t.fieldErrors[param]) ? errorText(failure, t.errors) : null,
  };
}
