"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { messageFor } from "@/components/data/error-messages";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkResource } from "@/lib/links/schemas";
import type { LinkSendResult } from "@/lib/links/send";
import { readAmountField } from "./amount-field";
import { fieldOf, linksCopy } from "./copy";
import { linkSmsCopy, type LinkSmsCopy } from "./sms-copy";

/** What the form says once the server answered: a message sent or held (success), or not sent and why (warning). */
export function smsOutcome(t: LinkSmsCopy, result: LinkSendResult): { tone: "success" | "warning"; text: string } {
  if (result.status === "queued") return { tone: "success", text: t.queued(result.to) };
  if (result.status === "scheduled") return { tone: "success", text: t.scheduled(result.to) };
  return { tone: "warning", text: result.reason === "daily_cap" ? t.dailyCap(result.to) : t.optedOut(result.to) };
}

/** A link page's "Send by SMS": the form's reading, the request to the dashboard route, and what to say beside each field. */
export function useLinkSms(link: Pick<LinkResource, "id" | "mode">, locale: Locale) {
  const t = linkSmsCopy[locale];
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<LinkSendResult>(`/dashboard-api/links/${encodeURIComponent(link.id)}/send`, { method: "POST", body }),
    onError: (e) => {
      const message = messageFor(t.errors, e instanceof ApiClientError ? e.code : null);
      const field = fieldOf(e);
      if (field) setFieldErrors({ [field]: message });
      else setError(message);
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const body: Record<string, unknown> = { customer_phone: String(f.get("customer_phone") ?? "").trim() };
    const errors: Record<string, string> = {};
    if (link.mode === "OPEN") {
      const read = readAmountField(f, "amount", linksCopy[locale]);
      if (read.error !== undefined) errors.amount = read.error;
      else body.amount = read.value;
    }
    send.reset();
    setError(null);
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) send.mutate(body, { onSuccess: () => form.reset() });
  }

  return { error, fieldErrors, onSubmit, outcome: send.data ? smsOutcome(t, send.data) : null, send };
}
