import Link from "next/link";
import { Amount } from "@/components/ui/Amount";
import { buttonClasses } from "@/components/ui/Button";
import { DataTable } from "@/components/ui/DataTable";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkDetail } from "@/lib/links/dashboard";
import { DateTime } from "../../DateTime";
import { StatusBadge } from "../../StatusBadge";
import { linksCopy } from "./copy";
import { formatPhone } from "@/lib/format/phone";

/**
 * The payments made through one link, a page at a time. On a phone the date (the way to the
 * payment), the amount and the status stay; the customer and the identifier join from `sm`/`md`.
 */
export function LinkPaymentsTable({ detail, locale, hrefFor }: { detail: Pick<LinkDetail, "payments" | "pagination">; locale: Locale; hrefFor: (page: number) => string }) {
  const t = linksCopy[locale];
  const { payments, pagination } = detail;
  const pages = Math.max(1, pagination.pages);
  const lang = locale === "en" ? "?lang=en" : "";
  return (
    <section aria-labelledby="link-payments" className="mt-6 rounded-2xl border border-line bg-surface p-3 sm:p-5">
      <h2 id="link-payments" className="text-lg font-semibold text-ink">
        {t.linkPayments}
      </h2>
      <DataTable
        className="mt-2"
        rows={payments}
        rowKey={(p) => p.id}
        rowProps={() => ({ "data-testid": "link-payment-row" })}
        empty={t.noPayments}
        columns={[
          {
            key: "date",
            header: t.date,
            cell: (p) => (
              <Link href={`/dashboard/payments/${encodeURIComponent(p.id)}${lang}`} className="font-semibold text-brand underline">
                <DateTime value={p.created_at} locale={locale} />
                <span className="sr-only"> · {t.seePayment(p.id)}</span>
              </Link>
            ),
          },
          { key: "amount", header: t.amountColumn, align: "right", cell: (p) => <Amount value={p.amount} />, cellProps: () => ({ "data-testid": "link-payment-amount" }) },
          { key: "status", header: t.status, cell: (p) => <StatusBadge kind="payment" status={p.status} locale={locale} code />, cellProps: () => ({ "data-testid": "link-payment-status" }) },
          {
            key: "customer",
            header: t.customer,
            from: "sm",
            cell: (p) => (
              <>
                {p.customer_name ? `${p.customer_name} · ` : ""}
                <span className="whitespace-nowrap">{formatPhone(p.customer_phone)}</span>
              </>
            ),
          },
          { key: "id", header: t.id, from: "md", className: "font-mono text-xs break-all", cell: (p) => p.id },
        ]}
      />
      {pagination.total > pagination.limit ? (
        <nav aria-label={t.pageOf(pagination.page, pages, pagination.total)} className="mt-3 flex flex-wrap items-center gap-2">
          {pagination.page > 1 ? (
            <Link href={hrefFor(pagination.page - 1)} className={buttonClasses({ variant: "secondary" })}>
              {t.previous}
            </Link>
          ) : null}
          <span className="text-sm text-muted">{t.pageOf(pagination.page, pages, pagination.total)}</span>
          {pagination.page < pagination.pages ? (
            <Link href={hrefFor(pagination.page + 1)} className={buttonClasses({ variant: "secondary" })}>
              {t.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
