"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { RequestView } from "@/lib/account/requests";
import type { SettingsView as SettingsData } from "@/lib/account/settings";
import type { Locale } from "@/lib/i18n/locale";
import { KYC_FIELDS, settingsCopy, type KycField } from "./copy";

/**
 * The settings page's data and changes: the merchant's profile, KYC, platform plan and production
 * access requests, each refreshing the page's data (and the server components, for the name).
 */
export function useSettings({ locale, initial }: { locale: Locale; initial: SettingsData }) {
  const t = settingsCopy[locale];
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["settings"], queryFn: () => apiFetch<SettingsData>("/dashboard-api/settings"), initialData: initial, staleTime: 10_000 });
  const { merchant, requests, plans } = query.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["settings"] });
  const errorText = (e: unknown) => t.errors[e instanceof ApiClientError ? e.code : "other"] ?? t.errors.other;

  // Profile
  const [name, setName] = useState(merchant.name);
  const saveProfile = useMutation({
    mutationFn: () => apiFetch("/dashboard-api/settings/profile", { method: "PATCH", body: { name } }),
    onSuccess: () => {
      void refresh();
      router.refresh();
    },
  });

  // KYC
  const kycRequest: RequestView | undefined = requests.kyc;
  const [kycError, setKycError] = useState<{ field?: string; message: string } | null>(null);
  const submitKyc = useMutation({
    mutationFn: (body: Record<string, string>) => apiFetch<RequestView>("/dashboard-api/settings/kyc", { method: "POST", body }),
    onMutate: () => setKycError(null),
    onSuccess: () => void refresh(),
    onError: (e) => setKycError({ field: e instanceof ApiClientError ? e.param : undefined, message: errorText(e) }),
  });
  function onKyc(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    submitKyc.mutate(Object.fromEntries(KYC_FIELDS.map((f) => [f, String(form.get(f) ?? "")])));
  }
  const prefill = (f: KycField) => (kycRequest?.status === "pending" || merchant.kyc_status === "rejected" ? String(kycRequest?.payload[f] ?? "") : "");

  // Plan and production
  const choosePlan = useMutation({
    mutationFn: (plan: string) => apiFetch<RequestView>("/dashboard-api/settings/plan", { method: "POST", body: { plan } }),
    onSuccess: () => void refresh(),
  });
  const requestProduction = useMutation({
    mutationFn: () => apiFetch<RequestView>("/dashboard-api/settings/production", { method: "POST" }),
    onSuccess: () => void refresh(),
  });

  const kycStatus =
    merchant.kyc_status === "approved"
      ? { tone: "success" as const, label: t.status.approved }
      : merchant.kyc_status === "rejected"
        ? { tone: "danger" as const, label: t.status.rejected }
        : kycRequest?.status === "pending"
          ? { tone: "info" as const, label: t.status.pending }
          : { tone: "neutral" as const, label: t.status.todo };
  const planRequest = requests.platform_plan;
  const productionRequest = requests.production_access;

  return { merchant, plans, errorText, name, setName, saveProfile, kycRequest, kycError, submitKyc, onKyc, prefill, choosePlan, requestProduction, kycStatus, planRequest, productionRequest };
}
