"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { Mode } from "@/db/schema";
import type { ApplicationView, KeyView } from "@/lib/account/developers";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { developersCopy } from "./copy";

export type DevelopersOverview = { mode: Mode; applications: ApplicationView[] };

/**
 * The developers page's data and changes: the applications and their keys, and the create and
 * revoke mutations with the words for their outcome.
 */
export function useDevelopers({ locale, mode, initial, productionEnabled }: { locale: Locale; mode: Mode; initial: DevelopersOverview; productionEnabled: boolean }) {
  const t = developersCopy[locale];
  const queryClient = useQueryClient();
  const router = useRouter();
  const queryKey = ["developers", mode];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<DevelopersOverview>("/dashboard-api/developers"), initialData: initial, staleTime: 10_000 });
  // A new key's secret, shown once and only under its own mode: the page remounts on a mode switch
  // (DashboardFrame), and a secret of the other mode is never rendered even for a moment.
  const [revealed, setRevealed] = useState<{ applicationId: string; mode: Mode; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [appNameError, setAppNameError] = useState<string | undefined>();
  const liveLocked = mode === "live" && !productionEnabled;

  const message = (e: unknown) => t.errors[e instanceof ApiClientError ? e.code : "other"] ?? t.errors.other;
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const createKey = useMutation({
    mutationFn: (applicationId: string) => apiFetch<{ key: string; view: KeyView }>("/dashboard-api/developers/keys", { method: "POST", body: { application_id: applicationId } }),
    onMutate: () => setError(null),
    onSuccess: (data, applicationId) => {
      setRevealed({ applicationId, mode: data.view.mode, key: data.key });
      void refresh();
    },
    onError: (e) => setError(message(e)),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => apiFetch(`/dashboard-api/developers/keys/${encodeURIComponent(keyId)}/revoke`, { method: "POST" }),
    onMutate: () => setError(null),
    onSettled: () => void refresh(),
    onError: (e) => setError(message(e)),
  });
  const createApp = useMutation({
    mutationFn: (name: string) => apiFetch<ApplicationView>("/dashboard-api/developers/applications", { method: "POST", body: { name } }),
    onMutate: () => setAppNameError(undefined),
    onSuccess: () => {
      void refresh();
      // The header's application switcher is rendered on the server: re-render it with the new one.
      router.refresh();
    },
    onError: (e) => setAppNameError(message(e)),
  });

  function onCreateApp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    createApp.mutate(name, { onSuccess: () => form.reset() });
  }

  return { appNameError, createApp, createKey, error, liveLocked, onCreateApp, query, revealed, revoke, setRevealed };
}
