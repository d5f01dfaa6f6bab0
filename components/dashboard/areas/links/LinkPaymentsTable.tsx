import Link from "next/link";
import { Amount } from "@/components/ui/Amount";
import { buttonClasses } from "@/components/ui/Button";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkDetail } from "@/lib/links/dashboard";
import { DateTime } from "../../DateTime";
import { StatusBadge } from "../../StatusBadge";
import { linksCopy } from "./copy";

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
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t.noPayments}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="text-muted">
              <th scope="col" className="py-2 pr-2">{t.date}</th>
              <th scope="col" className="py-2 pr-2 text-right">{t.amountColumn}</th>
              <th scope="col" className="py-2 pr-2">{t.status}</th>
              <th scope="col" className="hidden py-2 pr-2 sm:table-cell">{t.customer}</th>
              <th scope="col" className="hidden py-2 md:table-cell">{t.id}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id} className="border-t border-line align-top" data-testid="link-payment-row">
                <td className="py-2 pr-2">
                  <Link href={`/dashboard/payments/${encodeURIComponent(p.id)}${lang}`} className="font-semibold text-brand underline">
                    <DateTime value={p.created_at} locale={locale} />
                    <span className="sr-only"> · {t.seePayment(p.id)}</span>
                  </Link>
                </td>
                <td className="py-2 pr-2 text-right" data-testid="link-payment-amount">
                  <Amount value={p.amount} />
                </td>
                <td className="py-2 pr-2" data-testid="link-payment-status">
                  <StatusBadge kind="payment" status={p.status} locale={locale} code />
                </td>
                <td className="hidden py-2 pr-2 sm:table-cell">
                  {p.customer_name ? `${p.customer_name} · ` : ""}
                  <span className="whitespace-nowrap">{p.customer_phone}</span>
                </td>
                <td className="hidden py-2 font-mono text-xs break-all md:table-cell">{p.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
