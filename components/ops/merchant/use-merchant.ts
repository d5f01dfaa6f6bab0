"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { Locale } from "@/lib/i18n/locale";
import type { OpsMerchantView } from "@/lib/ops/merchants";
import type { MemberView } from "@/lib/team/members";
import { merchantEditorCopy, merchantTeamCopy } from "./copy";

export type MerchantDraft = {
  kyc_status: OpsMerchantView["kyc_status"];
  production_enabled: boolean;
  secure_orders_enabled: boolean;
  partner: boolean;
  platform_plan: OpsMerchantView["platform_plan"];
  status: "active" | "suspended";
};

/**
 * The merchant's settings as staff edit them. Only the fields that differ from the saved ones are
 * sent, so the audit log records what changed; the server page is rendered again after a save.
 */
export function useMerchantEditor(locale: Locale, merchant: OpsMerchantView) {
  const t = merchantEditorCopy[locale];
  const router = useRouter();
  const saved: MerchantDraft = {
    kyc_status: merchant.kyc_status,
    production_enabled: merchant.production_enabled,
    secure_orders_enabled: merchant.secure_orders_enabled,
    partner: merchant.partner,
    platform_plan: merchant.platform_plan,
    status: merchant.status,
  };
  const [draft, setDraft] = useState<MerchantDraft>(saved);
  const [notice, setNotice] = useState<string | null>(null);
  const set = <K extends keyof MerchantDraft>(k: K, v: MerchantDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const changed = Object.fromEntries(Object.entries(draft).filter(([k, v]) => saved[k as keyof MerchantDraft] !== v));

  const save = useMutation({
    mutationFn: () => apiFetch<OpsMerchantView>(`/ops-api/merchants/${encodeURIComponent(merchant.id)}`, { method: "PATCH", body: changed }),
    onSuccess: () => {
      setNotice(t.saved);
      router.refresh();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (Object.keys(changed).length === 0) return setNotice(t.nothing);
    setNotice(null);
    save.mutate();
  }

  return { draft, set, notice, save, onSubmit };
}

/** Staff's actions on a merchant's users: force a password reset, invite the owner; the server page is rendered again after each. */
export function useMerchantTeam(locale: Locale, merchantId: string) {
  const t = merchantTeamCopy[locale];
  const router = useRouter();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const base = `/ops-api/merchants/${encodeURIComponent(merchantId)}`;
  const fail = (e: unknown) => setError(e instanceof ApiClientError ? e.message : t.generic);
  const reset = useMutation({
    mutationFn: (member: MemberView) => apiFetch(`${base}/users/${encodeURIComponent(member.id)}/password-reset`, { method: "POST" }),
    onSuccess: (_data, member) => {
      setConfirming(null);
      setNotice(t.resetDone(member.email));
      router.refresh();
    },
    onError: fail,
  });
  const invite = useMutation({
    mutationFn: (email: string) => apiFetch<{ member: MemberView }>(`${base}/owner-invitation`, { method: "POST", body: { email } }),
    onSuccess: ({ member }) => {
      setEmailError(undefined);
      setNotice(t.sent(member.email));
      router.refresh();
    },
    onError: (e) => (e instanceof ApiClientError && e.param === "email" ? setEmailError(e.message) : fail(e)),
  });
  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    setError(null);
    invite.mutate(String(new FormData(event.currentTarget).get("email") ?? ""));
  };
  return { confirming, setConfirming, notice, error, emailError, reset, invite, onInvite };
}
