"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { parseAmountInput } from "@/lib/format/amount-input";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { statusesOf, statusLabel } from "@/lib/i18n/status-labels";
import type { SecureOrderResource } from "@/lib/secure-orders/schemas";
import { ApiClientError, apiFetch } from "@/components/data/fetch-json";
import { DateTime } from "../DateTime";
import { Select } from "../Select";
import { StatusBadge } from "../StatusBadge";
import { useHydrated } from "../useHydrated";
import { errorMessages } from "@/components/data/error-messages";

type Order = SecureOrderResource;
export type SecureOrdersOverview = { secure_orders: Order[] };

const copy = defineCopy({
  fr: {
    title: "Commandes sécurisées",
    intro: "L'acheteur paie, l'argent reste bloqué jusqu'à la livraison confirmée par le code de l'acheteur.",
    create: "Créer une commande",
    amount: "Montant (FCFA)",
    amountHint: "Entre 100 et 10 000 000 FCFA, par exemple 35 000.",
    description: "Description visible par l'acheteur",
    phone: "Téléphone de l'acheteur",
    phoneHint: "Par exemple 76 55 44 33 ou +223 76 55 44 33 : les espaces sont acceptés.",
    submit: "Créer la commande",
    list: "Commandes",
    none: "Aucune commande.",
    noneFiltered: "Aucune commande dans ce statut.",
    status: "Statut",
    all: "Tous",
    detail: "Voir le détail",
    buyer: "Lien acheteur",
    courier: "Lien livreur",
    copy: (what: string) => `Copier le ${what.toLowerCase()}`,
    copied: "Lien copié.",
    cancel: "Annuler la commande",
    cancelConfirm: "Annuler cette commande ?",
    cancelYes: "Oui, annuler",
    keep: "Non",
    loading: "Chargement…",
    errors: errorMessages.fr.secureOrders,
  },
  en: {
    title: "Secure orders",
    intro: "The buyer pays, the money stays held until delivery is confirmed with the buyer's code.",
    create: "Create an order",
    amount: "Amount (FCFA)",
    amountHint: "Between 100 and 10,000,000 FCFA, for example 35,000.",
    description: "Description shown to the buyer",
    phone: "Buyer's phone",
    phoneHint: "For example 76 55 44 33 or +223 76 55 44 33: spaces are fine.",
    submit: "Create the order",
    list: "Orders",
    none: "No order.",
    noneFiltered: "No order with this status.",
    status: "Status",
    all: "All",
    detail: "View the details",
    buyer: "Buyer link",
    courier: "Courier link",
    copy: (what: string) => `Copy the ${what.toLowerCase()}`,
    copied: "Link copied.",
    cancel: "Cancel the order",
    cancelConfirm: "Cancel this order?",
    cancelYes: "Yes, cancel",
    keep: "No",
    loading: "Loading…",
    errors: errorMessages.en.secureOrders,
  },
});

function OrderRow({ o, locale, onCancel, busy }: { o: Order; locale: Locale; onCancel: () => void; busy: boolean }) {
  const t = copy[locale];
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState("");
  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t.copied);
    } catch {
      setCopied(url);
    }
  };
  const href = `/dashboard/secure-orders/${encodeURIComponent(o.id)}${locale === "en" ? "?lang=en" : ""}`;
  return (
    <li className="py-3 text-sm" data-testid="secure-order">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-words text-ink">{o.description}</span>
        <Amount value={o.amount} className="text-ink" />
        <StatusBadge kind="secureOrder" status={o.status} locale={locale} code />
      </p>
      <p className="text-muted">
        <Link href={href} className="font-mono font-semibold text-brand underline">
          {o.reference}
        </Link>{" "}
        · {o.customer_phone} · <DateTime value={o.created_at} locale={locale} />
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Link href={href} className="inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-brand underline hover:bg-brand-soft">
          {t.detail}
          <span className="sr-only"> {o.reference}</span>
        </Link>
        <Button variant="secondary" onClick={() => void copyLink(o.buyer_url)}>
          {t.copy(t.buyer)}
          <span className="sr-only"> {o.reference}</span>
        </Button>
        <Button variant="secondary" onClick={() => void copyLink(o.delivery_url)}>
          {t.copy(t.courier)}
          <span className="sr-only"> {o.reference}</span>
        </Button>
        {o.status === "CREATED" && !confirming ? (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t.cancel}
          </Button>
        ) : null}
      </div>
      <p role="status" className="mt-1 break-all">
        {copied}
      </p>
      {confirming && o.status === "CREATED" ? (
        <div role="group" aria-label={t.cancelConfirm} className="mt-2 flex flex-wrap items-center gap-2">
          <span className="font-semibold text-danger">{t.cancelConfirm}</span>
          <Button variant="danger" loading={busy} onClick={onCancel}>
            {t.cancelYes}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t.keep}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function SecureOrdersView({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: SecureOrdersOverview }) {
  const t = copy[locale];
  const hydrated = useHydrated();
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
    mutationFn: (body: Record<string, unknown>) => apiFetch<Order>("/dashboard-api/secure-orders", { method: "POST", body }),
    onMutate: () => {
      setFieldErrors({});
      setError(null);
    },
    onSuccess: () => void refresh(),
    onError: (e) => (e instanceof ApiClientError && e.param ? setFieldErrors({ [e.param]: message(e) }) : setError(message(e))),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiFetch<Order>(`/dashboard-api/secure-orders/${encodeURIComponent(id)}/cancel`, { method: "POST", body: {} }),
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
  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>
      {error ? (
        <Alert className="mt-4">{error}</Alert>
      ) : null}
      <section aria-labelledby="so-create" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        <h2 id="so-create" className="text-lg font-semibold text-ink">
          {t.create}
        </h2>
        <form method="post" onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-start">
          <Field label={t.amount} name="amount" inputMode="numeric" hint={t.amountHint} error={fieldErrors.amount} />
          <Field label={t.description} name="description" maxLength={200} error={fieldErrors.description} />
          <Field label={t.phone} name="customer_phone" type="tel" hint={t.phoneHint} error={fieldErrors.customer_phone} />
          <div className="sm:col-span-3">
            <Button type="submit" loading={create.isPending} disabled={!hydrated}>
              {t.submit}
            </Button>
          </div>
        </form>
      </section>
      <section aria-labelledby="so-list" className="mt-8 rounded-2xl border border-line bg-surface p-5">
        <h2 id="so-list" className="text-lg font-semibold text-ink">
          {t.list}
        </h2>
        <Select
          label={t.status}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[{ value: "", label: t.all }, ...statusesOf("secureOrder").map((s) => ({ value: s, label: statusLabel("secureOrder", s, locale) }))]}
          className="mt-2 max-w-xs"
        />
        {query.isError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-danger-strong">
            {message(query.error)}
          </p>
        ) : !orders ? (
          <Spinner label={t.loading} className="mt-2" />
        ) : orders.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{status ? t.noneFiltered : t.none}</p>
        ) : (
          <ul className="mt-2 divide-y divide-line">
            {orders.map((o) => (
              <OrderRow key={o.id} o={o} locale={locale} busy={cancel.isPending && cancel.variables === o.id} onCancel={() => cancel.mutate(o.id)} />
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}
