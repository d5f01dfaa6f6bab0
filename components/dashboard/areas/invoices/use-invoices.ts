"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { z } from "zod";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { InvoiceResource, invoiceSendSchema, invoiceTimelineSchema } from "@/lib/invoices/schemas";
import { apiFetch } from "@/components/data/fetch-json";
import { fieldOf, invoiceErrorMessage, invoicesCopy } from "./copy";
import { INVOICES_PAGE, type InvoiceFilters, type InvoicesPage } from "./list";

export type InvoiceTimeline = z.infer<typeof invoiceTimelineSchema>;
export type InvoiceDetail = { invoice: InvoiceResource; timeline: InvoiceTimeline };
export type InvoiceChannel = InvoiceResource["sent_channels"][number];
type SentInvoice = z.infer<typeof invoiceSendSchema>;

const base = (id: string) => `/dashboard-api/invoices/${encodeURIComponent(id)}`;
const sameFilters = (a: InvoiceFilters, b: InvoiceFilters) => a.status === b.status && a.search === b.search && a.customer_phone === b.customer_phone && a.page === b.page;

/** The invoices list under the chosen filters; the filters the page was opened with come with their data. */
export function useInvoices({ mode, initial, initialFilters }: { mode: Mode; initial: InvoicesPage; initialFilters: InvoiceFilters }) {
  const [filters, setFilters] = useState(initialFilters);
  const query = useQuery({
    queryKey: ["invoices", mode, "list", filters],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(INVOICES_PAGE), page: String(filters.page) });
      if (filters.status) params.set("status", filters.status);
      if (filters.search) params.set("search", filters.search);
      if (filters.customer_phone) params.set("customer_phone", filters.customer_phone);
      return apiFetch<InvoicesPage>(`/dashboard-api/invoices?${params}`);
    },
    initialData: sameFilters(filters, initialFilters) ? initial : undefined,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  return { query, filters, setFilters };
}

/**
 * Sending: opens the WhatsApp tab in the click itself (a tab opened after the request would be
 * blocked as a pop-up), then points it at the share link once the invoice is sent, or closes it.
 */
export function whatsappTab(channels: readonly InvoiceChannel[]) {
  const tab = channels.includes("whatsapp") ? window.open("", "_blank") : null;
  return {
    open(url: string | null) {
      if (!tab) return;
      if (!url) return void tab.close();
      tab.opener = null;
      tab.location.href = url;
    },
    close: () => tab?.close(),
  };
}

const sendInvoice = (id: string, channels: InvoiceChannel[]) => apiFetch<SentInvoice>(`${base(id)}/send`, { method: "POST", body: { channels } });

/** The `param`s the form shows an error beside; any other refusal is said above its buttons. */
const FORM_FIELDS = /^(customer_phone|customer_name|customer_email|due_date|notes|locale|reminder_days|channels|lines(\.\d+\.(description|quantity|unit_amount))?)$/;

/** Why "Finaliser et envoyer" stopped after the invoice was finalized: it can no longer be edited, only sent from its page. */
export class SendAfterFinalizeError extends Error {
  constructor(
    readonly invoice: InvoiceResource,
    readonly cause: unknown,
  ) {
    super("send failed after finalize");
  }
}

/**
 * The invoice form's two buttons: save the draft (created once, then changed), or save, finalize
 * and send by the chosen channels. Refusals land on the field the API names (`param`).
 */
export function useInvoiceSave({ locale, mode, draftId: initialDraftId, onDone }: { locale: Locale; mode: Mode; draftId?: string; onDone: (invoice: InvoiceResource, whatsappUrl: string | null) => void }) {
  const t = invoicesCopy[locale];
  const queryClient = useQueryClient();
  const [draftId, setDraftId] = useState(initialDraftId);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [stranded, setStranded] = useState<{ invoice: InvoiceResource; message: string } | null>(null);

  const save = useMutation({
    mutationFn: async ({ body, send }: { body: Record<string, unknown>; send: InvoiceChannel[] | null; tab?: ReturnType<typeof whatsappTab> }) => {
      const saved = draftId
        ? await apiFetch<InvoiceResource>(base(draftId), { method: "PATCH", body })
        : await apiFetch<InvoiceResource>("/dashboard-api/invoices", { method: "POST", body });
      setDraftId(saved.id);
      if (!send) return { invoice: saved, whatsappUrl: null };
      const finalized = await apiFetch<InvoiceResource>(`${base(saved.id)}/finalize`, { method: "POST" });
      try {
        const sent = await sendInvoice(saved.id, send);
        return { invoice: sent as InvoiceResource, whatsappUrl: sent.delivery.whatsapp_url };
      } catch (e) {
        throw new SendAfterFinalizeError(finalized, e);
      }
    },
    onMutate: () => {
      setFieldErrors({});
      setError(null);
    },
    onSuccess: ({ invoice, whatsappUrl }, { tab }) => {
      tab?.open(whatsappUrl);
      onDone(invoice, whatsappUrl);
    },
    onError: (e, { tab }) => {
      tab?.close();
      if (e instanceof SendAfterFinalizeError) return setStranded({ invoice: e.invoice, message: invoiceErrorMessage(t, e.cause) });
      const field = fieldOf(e);
      if (field && FORM_FIELDS.test(field)) setFieldErrors({ [field]: invoiceErrorMessage(t, e) });
      else setError(invoiceErrorMessage(t, e));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["invoices", mode] }),
  });

  return { save, fieldErrors, setFieldErrors, error, stranded };
}

/** After saving on the new-invoice page: the invoice's own page. */
export function useOpenInvoice(locale: Locale) {
  const router = useRouter();
  return (invoice: InvoiceResource) => router.push(`/dashboard/invoices/${encodeURIComponent(invoice.id)}${locale === "en" ? "?lang=en" : ""}`);
}

/** One invoice's page: the invoice and its timeline, and what the merchant can do with it now. */
export function useInvoiceDetail({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: InvoiceDetail }) {
  const t = invoicesCopy[locale];
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = initial.invoice.id;
  const queryKey = ["invoices", mode, "detail", id];
  const query = useQuery({ queryKey, queryFn: () => apiFetch<InvoiceDetail>(base(id)), initialData: initial, staleTime: 5_000 });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [whatsappUrl, setWhatsappUrl] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["invoices", mode] });
  const handlers = {
    onStart: () => {
      setError(null);
      setNotice("");
    },
    onFail: (e: unknown) => setError(invoiceErrorMessage(t, e)),
    onSettled: () => void refresh(),
  };
  const finalize = useAction(() => apiFetch<InvoiceResource>(`${base(id)}/finalize`, { method: "POST" }), () => setNotice(t.finalized), handlers);
  const send = useAction(async ({ channels, tab }: { channels: InvoiceChannel[]; tab: ReturnType<typeof whatsappTab> }) => {
    try {
      const sent = await sendInvoice(id, channels);
      tab.open(sent.delivery.whatsapp_url);
      setWhatsappUrl(sent.delivery.whatsapp_url);
    } catch (e) {
      tab.close();
      throw e;
    }
  }, () => setNotice(t.sent), handlers);
  const voidIt = useAction((reason: string) => apiFetch<InvoiceResource>(`${base(id)}/void`, { method: "POST", body: reason ? { reason } : {} }), () => setNotice(t.voided), handlers);
  const remove = useMutation({
    mutationFn: () => apiFetch(base(id), { method: "DELETE" }),
    onMutate: () => setError(null),
    onSuccess: () => {
      // The lists only: the deleted invoice's own query would answer 404 before the page leaves.
      void queryClient.invalidateQueries({ queryKey: ["invoices", mode, "list"] });
      router.push(`/dashboard/invoices${locale === "en" ? "?lang=en" : ""}`);
    },
    onError: (e) => setError(invoiceErrorMessage(t, e)),
  });

  return { query, error, notice, setNotice, whatsappUrl, finalize, send, voidIt, remove, refresh };
}

/** One action of an invoice's page: its request, what success says, and the page's shared error and refresh. */
function useAction<V>(fn: (v: V) => Promise<unknown>, onDone: () => void, h: { onStart: () => void; onFail: (e: unknown) => void; onSettled: () => void }) {
  return useMutation({ mutationFn: fn, onMutate: h.onStart, onSuccess: onDone, onError: h.onFail, onSettled: h.onSettled });
}
