"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { SmsSettingsView, SmsUse } from "@/lib/sms/settings";

const KEY = ["settings", "sms"];

/** The text-message settings and their one change: which uses are off. */
export function useSmsSettings(initial: SmsSettingsView) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => apiFetch<SmsSettingsView>("/dashboard-api/settings/sms"), initialData: initial, staleTime: 10_000 });
  const save = useMutation({
    mutationFn: (disabled: SmsUse[]) => apiFetch<SmsSettingsView>("/dashboard-api/settings/sms", { method: "PUT", body: { disabled } }),
    onSuccess: (next) => queryClient.setQueryData(KEY, next),
  });
  const errorCode: "ROLE_FORBIDDEN" | "other" | null = save.error instanceof ApiClientError && save.error.code === "ROLE_FORBIDDEN" ? "ROLE_FORBIDDEN" : save.error ? "other" : null;
  return { settings: query.data, save, errorCode };
}
