"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Amount } from "@/components/ui/Amount";
import { Button, buttonClasses } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import { Field } from "@/components/ui/Field";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { formatDate } from "@/lib/format/date";
import { formatPhone } from "@/lib/format/phone";
import type { Locale } from "@/lib/i18n/locale";
import { statusesOf, statusLabel } from "@/lib/i18n/status-labels";
import { Select } from "../Select";
import { StatusBadge } from "../StatusBadge";
import { invoiceErrorMessage, invoicesCopy } from "./invoices/copy";
import type { InvoiceFilters, InvoicesPage } from "./invoices/list";
import { useInvoices } from "./invoices/use-invoices";

const NO_FILTERS: InvoiceFilters = { status: "", search: "", customer_phone: "", page: 1 };

/**
 * The invoices list: filter by status, search by number, customer or reference, a page at a
 * time. On a phone each invoice is a card with its number and status, customer and total, and
 * due date; the table's columns from `sm`.
 */
export function InvoicesView({ locale, mode, initial, initialFilters, canEdit }: { locale: Locale; mode: Mode; initial: InvoicesPage; initialFilters: InvoiceFilters; canEdit: boolean }) {
  const t = invoicesCopy[locale];
  const { query, filters, setFilters } = useInvoices({ mode, initial, initialFilters });
  const [search, setSearch] = useState(initialFilters.search);
  const lang = locale === "en" ? "?lang=en" : "";
  const data = query.data;
  const filtered = filters.status !== "" || filters.search !== "" || filters.customer_phone !== "";
  const createLink = canEdit ? (
    <Link href={`/dashboard/invoices/new${lang}`} className={buttonClasses()}>
      {t.create}
    </Link>
  ) : null;

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters((f) => ({ ...f, search: search.trim(), page: 1 }));
  }

  return (
    <PageFrame
      title={t.title}
      description={t.intro}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {query.isFetching ? <Spinner label={t.loading} /> : null}
          {createLink}
        </div>
      }
    >
      {canEdit ? null : <p className="mt-4 rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink">{t.readOnly}</p>}
      <section aria-labelledby="invoice-list" className="mt-6 rounded-2xl border border-line bg-surface p-3 sm:p-5">
        <h2 id="invoice-list" className="text-lg font-semibold text-ink">
          {t.list}
        </h2>
        {filters.customer_phone ? <p className="mt-1 text-sm text-ink">{t.customerFilter(formatPhone(filters.customer_phone))}</p> : null}
        <form role="search" aria-label={t.filters} onSubmit={onSearch} className="mt-3 grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end">
          <Select
            label={t.status}
            value={filters.status}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value, page: 1 }))}
            options={[{ value: "", label: t.all }, ...statusesOf("invoice").map((s) => ({ value: s, label: statusLabel("invoice", s, locale) }))]}
          />
          <Field label={t.search} name="search" type="search" maxLength={100} hint={t.searchHint} value={search} onChange={(e) => setSearch(e.target.value)} />
          <div className="flex flex-wrap gap-2 sm:pb-7">
            <Button type="submit" variant="secondary">
              {t.searchButton}
            </Button>
            {filtered ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setSearch("");
                  setFilters(NO_FILTERS);
                }}
              >
                {t.reset}
              </Button>
            ) : null}
          </div>
        </form>

        {query.isError ? (
          <Alert as="div" className="mt-3 flex flex-wrap items-center gap-2">
            {invoiceErrorMessage(t, query.error) === t.errors.other ? t.loadError : invoiceErrorMessage(t, query.error)}
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t.retry}
            </Button>
          </Alert>
        ) : null}
        {!data ? (
          <Spinner label={t.loading} className="mt-3" />
        ) : data.invoices.length === 0 ? (
          filtered ? (
            <p className="mt-3 text-sm text-muted">{t.noneFiltered}</p>
          ) : (
            <div className="mt-3 flex flex-col items-start gap-3 rounded-xl border border-dashed border-line-strong p-4" data-testid="invoices-empty">
              <p className="text-ink">{t.none}</p>
              {createLink}
            </div>
          )
        ) : (
          <>
            <DataTable
              className="mt-3"
              phone="cards"
              rows={data.invoices}
              rowKey={(i) => i.id}
              rowProps={(i) => ({ "data-testid": "invoice-row", "data-invoice": i.id })}
              empty={t.noneFiltered}
              columns={[
                {
                  key: "number",
                  header: t.number,
                  className: "max-sm:p-0",
                  cell: (i) => (
                    <Link href={`/dashboard/invoices/${encodeURIComponent(i.id)}${lang}`} className="font-semibold break-all text-brand underline">
                      {i.number ?? t.draftNumber}
                      <span className="sr-only"> · {t.seeInvoice(i.number ?? i.customer_name ?? formatPhone(i.customer_phone))}</span>
                    </Link>
                  ),
                },
                {
                  key: "customer",
                  header: t.customer,
                  className: "max-sm:col-start-1 max-sm:row-start-2 max-sm:p-0 max-sm:text-sm",
                  cell: (i) => (
                    <>
                      {i.customer_name ? <span className="block break-words text-ink">{i.customer_name}</span> : null}
                      <span className="whitespace-nowrap text-muted">{formatPhone(i.customer_phone)}</span>
                    </>
                  ),
                },
                {
                  key: "total",
                  header: t.total,
                  align: "right",
                  className: "font-semibold text-ink max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0",
                  cell: (i) => <Amount value={i.total} />,
                  cellProps: () => ({ "data-testid": "invoice-total" }),
                },
                {
                  key: "due",
                  header: t.dueDate,
                  className: "text-muted max-sm:col-span-2 max-sm:row-start-3 max-sm:p-0 max-sm:text-xs",
                  cell: (i) =>
                    i.due_date ? (
                      <>
                        <span className="sm:hidden">{t.dueDate} : </span>
                        {formatDate(i.due_date, locale)}
                      </>
                    ) : (
                      <>
                        <span className="sm:hidden">{t.dueDate} : </span>
                        {t.noDueDate}
                      </>
                    ),
                },
                {
                  key: "status",
                  header: t.status,
                  className: "max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0 max-sm:text-right",
                  cell: (i) => <StatusBadge kind="invoice" status={i.status} locale={locale} />,
                  cellProps: () => ({ "data-testid": "invoice-status" }),
                },
              ]}
            />
            {data.pagination.pages > 1 ? (
              <nav aria-label={t.pageOf(data.pagination.page, data.pagination.pages, data.pagination.total)} className="mt-3 flex flex-wrap items-center gap-2">
                {data.pagination.page > 1 ? (
                  <Button variant="secondary" onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                    {t.previous}
                  </Button>
                ) : null}
                <span className="text-sm text-muted">{t.pageOf(data.pagination.page, data.pagination.pages, data.pagination.total)}</span>
                {data.pagination.page < data.pagination.pages ? (
                  <Button variant="secondary" onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                    {t.next}
                  </Button>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </section>
    </PageFrame>
  );
}
