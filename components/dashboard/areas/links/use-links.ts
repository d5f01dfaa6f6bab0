"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkResource } from "@/lib/links/schemas";
import { apiFetch } from "@/components/data/fetch-json";
import { readAmountField } from "./amount-field";
import { fieldOf, linkErrorMessage, linksCopy } from "./copy";

export type LinksOverview = { links: LinkResource[]; pagination: { page: number; limit: number; total: number; pages: number } };

/**
 * The payment links list: the links, and the create, deactivate and archive mutations with the
 * words for their outcome.
 */
export function useLinks({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: LinksOverview }) {
  const t = linksCopy[locale];
  const queryClient = useQueryClient();
  const queryKey = ["links", mode];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<LinksOverview>("/dashboard-api/links?limit=50"), initialData: initial, staleTime: 5_000 });
  const [amountMode, setAmountMode] = useState<"FIXED" | "OPEN">("FIXED");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const message = (e: unknown) => linkErrorMessage(t, e);

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<LinkResource>("/dashboard-api/links", { method: "POST", body }),
    onMutate: () => {
      setFieldErrors({});
      setError(null);
      setNotice("");
    },
    onSuccess: () => {
      setNotice(t.created);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (e) => {
      const field = fieldOf(e);
      if (field) setFieldErrors({ [field]: message(e) });
      else setError(message(e));
    },
  });

  // Optimistic: the switch flips at once; on failure the cache is put back and the error shown.
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => apiFetch<LinkResource>(`/dashboard-api/links/${encodeURIComponent(id)}/active`, { method: "POST", body: { active } }),
    onMutate: async ({ id, active }) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<LinksOverview>(queryKey);
      if (previous) queryClient.setQueryData<LinksOverview>(queryKey, { ...previous, links: previous.links.map((l) => (l.id === id ? { ...l, is_active: active } : l)) });
      return { previous };
    },
    onError: (e, _v, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      setError(message(e));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });
  const archive = useMutation({
    mutationFn: (id: string) => apiFetch<LinkResource>(`/dashboard-api/links/${encodeURIComponent(id)}/archive`, { method: "POST" }),
    onMutate: () => setError(null),
    onError: (e) => setError(message(e)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const body: Record<string, unknown> = { name: String(f.get("name") ?? ""), mode: amountMode };
    const description = String(f.get("description") ?? "").trim();
    if (description) body.description = description;
    const slug = String(f.get("slug") ?? "").trim();
    if (slug) body.slug = slug;
    const errors: Record<string, string> = {};
    for (const name of amountMode === "FIXED" ? ["amount"] : ["min_amount", "max_amount"]) {
      const read = readAmountField(f, name, t);
      if (read.error !== undefined) errors[name] = read.error;
      else body[name] = read.value;
    }
    setNotice("");
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) create.mutate(body, { onSuccess: () => form.reset() });
  }

  return { amountMode, archive, create, error, fieldErrors, notice, onSubmit, query, setAmountMode, toggle };
}
