"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { KeyPermissionLevel, Mode } from "@/db/schema";
import type { KeyResource } from "@/lib/platform/key-permissions";
import type { RestrictedKeyView } from "@/lib/platform/restricted-keys";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { developersCopy } from "./copy";

export type RestrictedKeyDraft = { application_id: string; name: string; permissions: Partial<Record<KeyResource, KeyPermissionLevel>> };

/**
 * The restricted keys of the mode (names and permissions, which the key list shows beside each
 * key) and their creation, with the new key's secret kept for its one showing.
 */
export function useRestrictedKeys({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: RestrictedKeyView[] }) {
  const t = developersCopy[locale];
  const queryClient = useQueryClient();
  const queryKey = ["developers", mode, "restricted"];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<RestrictedKeyView[]>("/dashboard-api/developers/keys"), initialData: initial, staleTime: 10_000 });
  // Shown once, and only under the mode it was made in (the page remounts on a mode switch).
  const [revealed, setRevealed] = useState<{ mode: Mode; key: string } | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  const create = useMutation({
    mutationFn: (draft: RestrictedKeyDraft) => apiFetch<{ key: string; view: RestrictedKeyView }>("/dashboard-api/developers/keys/restricted", { method: "POST", body: draft }),
    onMutate: () => setError(null),
    onSuccess: (data) => {
      setRevealed({ mode: data.view.mode, key: data.key });
      void queryClient.invalidateQueries({ queryKey: ["developers", mode] });
    },
    onError: (e) => {
      const code = e instanceof ApiClientError ? e.code : "other";
      setError({ code, message: t.errors[code as keyof typeof t.errors] ?? t.errors.other });
    },
  });

  const byId = new Map(query.data.map((k) => [k.id, k]));
  return { byId, create, error, revealed: revealed?.mode === mode ? revealed : null, dismiss: () => setRevealed(null) };
}
