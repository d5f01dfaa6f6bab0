"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { Mode } from "@/db/schema";
import { parseAmountInput } from "@/lib/format/amount-input";
import type { Locale } from "@/lib/i18n/locale";
import type { SecureOrderDetail } from "@/lib/secure-orders/dashboard";
import type { SecureOrderResource } from "@/lib/secure-orders/schemas";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { detailCopy } from "./copy";
import { secureOrdersCopy } from "./list-copy";

export type SecureOrdersOverview = { secure_orders: SecureOrderResource[] };

/**
 * The secure orders list: the orders (filtered by status), and the create and cancel mutations
 * with the words for their outcome.
 */
export function useSecureOrders({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: SecureOrdersOverview }) {
  const t = secureOrdersCopy[locale];
  const queryClient = useQueryClient();
  const [status, setStatus] = useState("");
  const query = useQuery({
    queryKey: ["secure-orders", mode, "list", status],
    queryFn: () => apiFetch<SecureOrdersOverview>(`/dashboard-api/secure-orders?limit=50${status ? `&status=${status}` : ""}`),
    initialData: status === "" ? initial : undefined,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const message = (e: unknown) => (e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["secure-orders", mode] });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<SecureOrderResource>("/dashboard-api/secure-orders", { method: "POST", body }),
    onMutate: () => {
      setFieldErrors({});
      setError(null);
    },
    onSuccess: () => void refresh(),
    onError: (e) => (e instanceof ApiClientError && e.param ? setFieldErrors({ [e.param]: message(e) }) : setError(message(e))),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiFetch<SecureOrderResource>(`/dashboard-api/secure-orders/${encodeURIComponent(id)}/cancel`, { method: "POST", body: {} }),
    onMutate: () => setError(null),
    onError: (e) => setError(message(e)),
    onSettled: () => void refresh(),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const typed = String(f.get("amount") ?? "").trim();
    const amount = typed === "" ? undefined : parseAmountInput(typed);
    if (amount === null) {
      setFieldErrors({ amount: t.errors.UNREADABLE_AMOUNT });
      return;
    }
    create.mutate(
      { amount, description: String(f.get("description") ?? ""), customer_phone: String(f.get("customer_phone") ?? "").trim() },
      { onSuccess: () => form.reset() },
    );
  }

  const orders = query.isPlaceholderData ? undefined : query.data?.secure_orders;

  return { cancel, create, error, fieldErrors, message, onSubmit, orders, query, setStatus, status };
}

/**
 * One secure order's page: the order, and its cancel (a refund once paid) with the reason the
 * merchant may give. A cancel reloads every secure-orders query of the mode, so the list agrees.
 */
export function useSecureOrderDetail({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: SecureOrderDetail }) {
  const t = detailCopy[locale];
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ["secure-orders", mode, "detail", initial.id],
    queryFn: () => apiFetch<SecureOrderDetail>(`/dashboard-api/secure-orders/${encodeURIComponent(initial.id)}`),
    initialData: initial,
    staleTime: 5_000,
  });
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => apiFetch<{ status: string }>(`/dashboard-api/secure-orders/${encodeURIComponent(initial.id)}/cancel`, { method: "POST", body: reason.trim() ? { reason: reason.trim() } : {} }),
    onMutate: () => setError(null),
    onSuccess: () => setConfirming(false),
    onError: (e) => setError(e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["secure-orders", mode] }),
  });
  return { query, confirming, setConfirming, reason, setReason, error, cancel };
}
