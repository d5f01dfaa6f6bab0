"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Amount } from "@/components/ui/Amount";
import { Button, buttonClasses } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { DateTime } from "../../DateTime";
import { billingCopy, errorMessage, type Customer, type CustomersPage } from "./copy";
import { useCustomers, useCustomerSubscriptions } from "./use-billing";
import { SubRow } from "./SubscriptionsSection";
import { formatPhone } from "@/lib/format/phone";

function CustomerSubscriptions({ customer, locale, mode }: { customer: Customer; locale: Locale; mode: Mode }) {
  const t = billingCopy[locale];
  const query = useCustomerSubscriptions(mode, customer.phone);
  if (query.isError) {
    return (
      <p role="alert" className="mt-2 text-sm font-medium text-danger-strong">
        {errorMessage(t, query.error)}
      </p>
    );
  }
  if (!query.data) return <Spinner label={t.loading} className="mt-2" />;
  if (query.data.length === 0) return <p className="mt-2 text-sm text-muted">{t.noSubs}</p>;
  return (
    <ul className="mt-2 divide-y divide-line rounded-lg border border-line px-3">
      {query.data.map((s) => (
        <SubRow key={s.id} s={s} locale={locale} />
      ))}
    </ul>
  );
}

function CustomerRow({ customer, locale, mode }: { customer: Customer; locale: Locale; mode: Mode }) {
  const t = billingCopy[locale];
  const [open, setOpen] = useState(false);
  const panelId = `customer-subs-${customer.id}`;
  return (
    <li className="py-3 text-sm" data-testid="customer">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold whitespace-nowrap text-ink">{formatPhone(customer.phone)}</span>
            {customer.name ? <span className="break-words text-ink">{customer.name}</span> : null}
            {customer.email ? <span className="break-all text-muted">{customer.email}</span> : null}
          </p>
          <p className="text-muted">
            {t.subCount(customer.subscription_count)} · {t.totalPaid} <Amount value={customer.total_paid} className="text-ink" /> · {t.since}{" "}
            <DateTime value={customer.created_at} locale={locale} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={`/dashboard/customers/${encodeURIComponent(customer.id)}${locale === "en" ? "?lang=en" : ""}`} className={buttonClasses({ variant: "secondary" })}>
            {t.customerPage}
            <span className="sr-only"> {formatPhone(customer.phone)}</span>
          </Link>
          {customer.subscription_count > 0 ? (
            <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
              {open ? t.hideSubs : t.showSubs}
              <span className="sr-only"> {formatPhone(customer.phone)}</span>
            </Button>
          ) : null}
        </div>
      </div>
      <div id={panelId}>{open ? <CustomerSubscriptions customer={customer} locale={locale} mode={mode} /> : null}</div>
    </li>
  );
}

export function CustomersSection({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: CustomersPage }) {
  const t = billingCopy[locale];
  const { query, search, setSearch } = useCustomers({ mode, initial });

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get("search") ?? "").trim());
  }

  const data = query.data;
  return (
    <section id="customers" aria-labelledby="b-customers" className="mt-8 scroll-mt-4 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="b-customers" className="text-lg font-semibold text-ink">
          {t.customers}
        </h2>
        {query.isFetching ? <Spinner label={t.loading} /> : null}
      </div>
      <p className="mt-1 max-w-prose text-sm text-muted">{t.customersIntro}</p>
      <form role="search" onSubmit={onSearch} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label={t.search} name="search" type="search" maxLength={100} className="sm:flex-1" />
        <Button type="submit" variant="secondary">
          {t.searchButton}
        </Button>
      </form>
      {query.isError ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-2 text-sm font-medium text-danger-strong">
          {t.loadError}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : !data ? (
        <Spinner label={t.loading} className="mt-3" />
      ) : data.customers.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{search ? t.noCustomersFound : t.noCustomers}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-line">
            {data.customers.map((c) => (
              <CustomerRow key={c.id} customer={c} locale={locale} mode={mode} />
            ))}
          </ul>
          {data.pagination.total > data.customers.length ? <p className="mt-2 text-sm text-muted">{t.more(data.customers.length, data.pagination.total)}</p> : null}
        </>
      )}
    </section>
  );
}
