"use client";

import Link from "next/link";
import { useState } from "react";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import { Section } from "@/components/ui/Section";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { statusesOf, statusLabel } from "@/lib/i18n/status-labels";
import type { SecureOrderResource } from "@/lib/secure-orders/schemas";
import { DateTime } from "../DateTime";
import { Select } from "../Select";
import { StatusBadge } from "../StatusBadge";
import { useHydrated } from "../useHydrated";
import { secureOrdersCopy } from "./secure-orders/list-copy";
import { useSecureOrders, type SecureOrdersOverview } from "./secure-orders/use-secure-orders";
import { formatPhone } from "@/lib/format/phone";

type Order = SecureOrderResource;

function OrderRow({ o, locale, onCancel, busy }: { o: Order; locale: Locale; onCancel: () => void; busy: boolean }) {
  const t = secureOrdersCopy[locale];
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
        · <span className="whitespace-nowrap">{formatPhone(o.customer_phone)}</span> · <DateTime value={o.created_at} locale={locale} />
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
  const t = secureOrdersCopy[locale];
  const hydrated = useHydrated();
  const { cancel, create, error, fieldErrors, message, onSubmit, orders, query, setStatus, status } = useSecureOrders({ locale, mode, initial });
  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>
      {error ? (
        <Alert className="mt-4">{error}</Alert>
      ) : null}
      <Section id="so-create" title={t.create} card className="mt-4">
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
      </Section>
      <Section id="so-list" title={t.list} card className="mt-8">
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
      </Section>
    </PageFrame>
  );
}
