"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import type { Locale } from "@/lib/i18n/locale";
import type { WithdrawalResource } from "@/lib/withdrawals/schemas";
import { approvalCopy } from "./approval-copy";

/** The decision on one withdrawal awaiting approval: approve, or refuse with an optional note. */
export function useWithdrawalDecision({ locale, initial }: { locale: Locale; initial: WithdrawalResource }) {
  const t = approvalCopy[locale];
  const router = useRouter();
  const queryClient = useQueryClient();
  const [w, setW] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const message = (e: unknown) => (e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other);
  const done = (next: WithdrawalResource, words: string) => {
    setW(next);
    setNotice(words);
    void queryClient.invalidateQueries({ queryKey: ["withdrawals"] });
    // The server-rendered parts of the page (status, history) follow.
    router.refresh();
  };
  const path = (verb: string) => `/dashboard-api/withdrawals/${encodeURIComponent(w.id)}/${verb}`;
  const approve = useMutation({
    mutationFn: () => apiFetch<WithdrawalResource>(path("approve"), { method: "POST" }),
    onMutate: () => setNotice(null),
    onSuccess: (next) => done(next, t.approved),
  });
  const refuse = useMutation({
    mutationFn: (reason: string) => apiFetch<WithdrawalResource>(path("refuse"), { method: "POST", body: reason.trim() ? { reason: reason.trim() } : {} }),
    onMutate: () => setNotice(null),
    onSuccess: (next) => done(next, t.refused),
  });
  const error = approve.error ? message(approve.error) : refuse.error ? message(refuse.error) : null;
  return { w, approve, refuse, error, notice };
}

type Threshold = { threshold: number | null };
const KEY = ["withdrawals", "approval-threshold"];

/** The merchant's approval threshold and its one change. */
export function useApprovalThreshold(initial: Threshold) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: () => apiFetch<Threshold>("/dashboard-api/withdrawals/approval-threshold"), initialData: initial, staleTime: 10_000 });
  const save = useMutation({
    mutationFn: (threshold: number | null) => apiFetch<Threshold>("/dashboard-api/withdrawals/approval-threshold", { method: "PUT", body: { threshold } }),
    onSuccess: (next) => queryClient.setQueryData(KEY, next),
  });
  return { threshold: query.data.threshold, save, errorCode: save.error instanceof ApiClientError ? save.error.code : save.error ? ("other" as const) : null };
}
