import Link from "next/link";
import type { ReactNode } from "react";
import { Amount } from "@/components/ui/Amount";
import { buttonClasses } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import { Section } from "@/components/ui/Section";
import type { InvoiceResource } from "@/lib/invoices/schemas";
import type { Pagination } from "@/lib/links/pagination";
import { formatDate } from "@/lib/format/date";
import { formatPhone } from "@/lib/format/phone";
import type { Locale } from "@/lib/i18n/locale";
import type { dashboardPayments } from "@/lib/payments/dashboard";
import type { getCustomer } from "@/lib/billing/customers";
import { Badge } from "../../Badge";
import { DateTime } from "../../DateTime";
import { StatusBadge } from "../../StatusBadge";
import { paymentsCopy } from "../paymentsCopy";
import { customerCopy } from "./copy";

type Customer = NonNullable<Awaited<ReturnType<typeof getCustomer>>>;
type Payments = Awaited<ReturnType<typeof dashboardPayments>>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 pb-2 break-words text-ink sm:pb-0">{children}</dd>
    </div>
  );
}

/**
 * A customer's page (from the billing area's customers): who they are, their latest invoices and
 * payments, each a link to its page, and the way to all of them. On a phone each row keeps its
 * link, amount and status.
 */
export function CustomerDetailView({
  locale,
  customer: c,
  invoices,
  payments,
  canInvoice,
}: {
  locale: Locale;
  customer: Customer;
  invoices: { items: InvoiceResource[]; pagination: Pagination };
  payments: Payments;
  canInvoice: boolean;
}) {
  const t = customerCopy[locale];
  const refundedBadge = paymentsCopy[locale].money.refundedBadge;
  const lang = locale === "en" ? "lang=en" : "";
  const withLang = (path: string, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query).toString();
    return `${path}${q || lang ? `?${[q, lang].filter(Boolean).join("&")}` : ""}`;
  };
  return (
    <div>
      <Link href={`${withLang("/dashboard/billing")}#customers`} className="text-sm font-semibold text-brand underline">
        ← {t.back}
      </Link>
      <h1 className="mt-2 text-2xl font-bold break-words text-ink">{c.name ?? formatPhone(c.phone)}</h1>
      <section aria-labelledby="customer-facts" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        <h2 id="customer-facts" className="sr-only">
          {t.facts}
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
          <Fact label={t.phone}>
            <span className="whitespace-nowrap">{formatPhone(c.phone)}</span>
          </Fact>
          <Fact label={t.email}>{c.email ?? t.noEmail}</Fact>
          <Fact label={t.since}>
            <DateTime value={c.created_at} locale={locale} />
          </Fact>
          <Fact label={t.totalPaid}>
            <Amount value={c.total_paid} />
          </Fact>
          <Fact label={t.subscriptions}>{String(c.subscription_count)}</Fact>
        </dl>
      </section>

      <Section id="customer-invoices" title={t.invoices} card className="mt-6">
        <DataTable
          className="mt-2"
          rows={invoices.items}
          rowKey={(i) => i.id}
          rowProps={() => ({ "data-testid": "customer-invoice" })}
          empty={t.noInvoices}
          columns={[
            {
              key: "number",
              header: t.number,
              cell: (i) => (
                <Link href={withLang(`/dashboard/invoices/${encodeURIComponent(i.id)}`)} className="font-semibold break-all text-brand underline">
                  {i.number ?? t.draft}
                  <span className="sr-only"> · {t.seeInvoice(i.number ?? formatDate(i.created_at.slice(0, 10), locale))}</span>
                </Link>
              ),
            },
            { key: "total", header: t.total, align: "right", cell: (i) => <Amount value={i.total} /> },
            { key: "status", header: t.status, cell: (i) => <StatusBadge kind="invoice" status={i.status} locale={locale} /> },
            { key: "due", header: t.dueDate, from: "sm", cell: (i) => (i.due_date ? formatDate(i.due_date, locale) : "—") },
          ]}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          {invoices.pagination.total > invoices.items.length ? (
            <Link href={withLang("/dashboard/invoices", { customer_phone: c.phone })} className={buttonClasses({ variant: "secondary" })}>
              {t.allInvoices(invoices.pagination.total)}
            </Link>
          ) : null}
          {canInvoice ? (
            <Link href={withLang("/dashboard/invoices/new", { customer_phone: c.phone })} className={buttonClasses({ variant: "secondary" })}>
              {t.newInvoice}
            </Link>
          ) : null}
        </div>
      </Section>

      <Section id="customer-payments" title={t.payments} card className="mt-6">
        <DataTable
          className="mt-2"
          rows={payments.payments}
          rowKey={(p) => p.id}
          rowProps={() => ({ "data-testid": "customer-payment" })}
          empty={t.noPayments}
          columns={[
            {
              key: "date",
              header: t.date,
              cell: (p) => (
                <Link href={withLang(`/dashboard/payments/${encodeURIComponent(p.id)}`)} className="font-semibold text-brand underline">
                  <DateTime value={p.created_at} locale={locale} />
                  <span className="sr-only"> · {t.seePayment(p.id)}</span>
                </Link>
              ),
            },
            { key: "amount", header: t.amount, align: "right", cell: (p) => <Amount value={p.amount} /> },
            {
              key: "status",
              header: t.status,
              cell: (p) => (
                <span className="inline-flex flex-wrap gap-1">
                  <StatusBadge kind="payment" status={p.status} locale={locale} />
                  {p.refunded ? <Badge tone="neutral">{refundedBadge}</Badge> : null}
                </span>
              ),
            },
            { key: "id", header: t.id, from: "md", className: "font-mono text-xs break-all", cell: (p) => p.id },
          ]}
        />
        {payments.pagination.total > payments.payments.length ? (
          <Link href={withLang("/dashboard/payments", { q: c.phone })} className={`mt-3 ${buttonClasses({ variant: "secondary" })}`}>
            {t.allPayments(payments.pagination.total)}
          </Link>
        ) : null}
      </Section>
    </div>
  );
}
