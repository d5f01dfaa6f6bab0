"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { billingCopy, errorMessage, type BillingOverview, type CustomersPage, type Plan, type Sub } from "./copy";

const SUB_LIMIT = 50;
const CUSTOMERS_PAGE = 50;

export type SubFilters = { status: string; plan_id: string };
type WithPayment = { subscription: Sub; payment_link: { id: string; slug: string; url: string; amount: number } };
type FieldErrors = Record<string, string>;

/**
 * The billing page's plans and subscriptions under the chosen filters. Every change refetches
 * everything under ["billing", mode]: subscriber counts, statuses and customers move together.
 */
export function useBilling({ mode, initial }: { mode: Mode; initial: BillingOverview }) {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<SubFilters>({ status: "", plan_id: "" });
  const unfiltered = filters.status === "" && filters.plan_id === "";
  const query = useQuery({
    queryKey: ["billing", mode, "overview", filters.status, filters.plan_id],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(SUB_LIMIT) });
      if (filters.status) params.set("status", filters.status);
      if (filters.plan_id) params.set("plan_id", filters.plan_id);
      return apiFetch<BillingOverview>(`/dashboard-api/billing?${params}`);
    },
    initialData: unfiltered ? initial : undefined,
    // The plans stay on screen while the subscriptions of a new filter load.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["billing", mode] });
  return { query, filters, setFilters, refresh };
}

/**
 * A form's mutation whose refusal lands on the field the API names (`param`), or above the form
 * when it names none or a field the form does not show (`elsewhere`).
 */
function useFormMutation<Body, Result>(locale: Locale, mutationFn: (body: Body) => Promise<Result>, onSuccess: () => void, elsewhere: string[] = []) {
  const t = billingCopy[locale];
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn,
    onMutate: () => {
      setFieldErrors({});
      setError(null);
    },
    onSuccess,
    onError: (e) =>
      e instanceof ApiClientError && e.param && e.param !== "body" && !elsewhere.includes(e.param) ? setFieldErrors({ [e.param]: errorMessage(t, e) }) : setError(errorMessage(t, e)),
  });
  return { mutation, fieldErrors, setFieldErrors, error };
}

export function useCreatePlan(locale: Locale, onChanged: () => void) {
  return useFormMutation(locale, (body: Record<string, unknown>) => apiFetch<Plan>("/dashboard-api/billing/plans", { method: "POST", body }), onChanged);
}

/** An edit or (de)activation of one plan. */
export function usePlanPatch(planId: string, locale: Locale, onDone: () => void) {
  return useFormMutation(locale, (body: Record<string, unknown>) => apiFetch<Plan>(`/dashboard-api/billing/plans/${encodeURIComponent(planId)}`, { method: "PATCH", body }), onDone);
}

/** A subscription and the payment link its customer pays the first period with; the plan is chosen from a list, so its refusal is the form's. */
export function useCreateSubscription(locale: Locale, onCreated: () => void) {
  return useFormMutation(locale, (body: Record<string, unknown>) => apiFetch<WithPayment>("/dashboard-api/billing/subscriptions", { method: "POST", body }), onCreated, ["plan_id"]);
}

export function useCancelSubscription(locale: Locale, onChanged: () => void) {
  const t = billingCopy[locale];
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (id: string) => apiFetch<Sub>(`/dashboard-api/billing/subscriptions/${encodeURIComponent(id)}/cancel`, { method: "POST" }),
    onMutate: () => setError(null),
    onError: (e) => setError(errorMessage(t, e)),
    onSettled: onChanged,
  });
  return { cancel, error };
}

/** The customers of the mode, searched by phone or name; the first page without a search comes with the page. */
export function useCustomers({ mode, initial }: { mode: Mode; initial: CustomersPage }) {
  const [search, setSearch] = useState("");
  const query = useQuery({
    queryKey: ["billing", mode, "customers", search],
    queryFn: () => apiFetch<CustomersPage>(`/dashboard-api/billing/customers?limit=${CUSTOMERS_PAGE}${search ? `&search=${encodeURIComponent(search)}` : ""}`),
    initialData: search === "" ? initial : undefined,
    staleTime: 5_000,
  });
  return { query, search, setSearch };
}

export function useCustomerSubscriptions(mode: Mode, phone: string) {
  return useQuery({
    queryKey: ["billing", mode, "customer-subscriptions", phone],
    queryFn: () => apiFetch<Sub[]>(`/dashboard-api/billing/subscriptions?limit=100&customer_phone=${encodeURIComponent(phone)}`),
  });
}
