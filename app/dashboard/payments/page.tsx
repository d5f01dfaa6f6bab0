import Link from "next/link";
import { Badge } from "@/components/dashboard/Badge";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { DateTime } from "@/components/dashboard/DateTime";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { ExportPanel } from "@/components/dashboard/books/ExportPanel";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { paymentsCopy } from "@/components/dashboard/areas/paymentsCopy";
import { buttonClasses } from "@/components/ui/Button";
import type { PaymentStatus } from "@/db/schema";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { statusLabel } from "@/lib/i18n/status-labels";
import { dashboardPayments } from "@/lib/payments/dashboard";
import { PAYMENT_STATUSES } from "@/lib/payments/schemas";
import { Amount } from "@/components/ui/Amount";
import { formatPhone } from "@/lib/format/phone";

export const generateMetadata = dashboardMetadata("payments");

const PAGE_SIZE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const str = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");
// Africa/Bamako is UTC+0 all year: a Bamako calendar day is the UTC day.
const dayStart = (d: string) => (DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) ? new Date(`${d}T00:00:00Z`) : undefined);

const inputClass = "min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink";

export default async function PaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/payments", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="payments" />;
  const t = paymentsCopy[locale];
  const sp = await searchParams;
  const status = (PAYMENT_STATUSES as readonly string[]).includes(str(sp.status)) ? (str(sp.status) as PaymentStatus) : undefined;
  const fromDay = dayStart(str(sp.from)) ? str(sp.from) : "";
  const toDay = dayStart(str(sp.to)) ? str(sp.to) : "";
  const search = str(sp.q).slice(0, 64);
  const page = Math.min(Math.max(1, Number.parseInt(str(sp.page), 10) || 1), 100_000);
  const to = dayStart(toDay);
  const result = await dashboardPayments(ctx, {
    page,
    limit: PAGE_SIZE,
    status,
    from: dayStart(fromDay),
    to: to ? new Date(to.getTime() + 86_400_000) : undefined,
    search: search || undefined,
  });
  const hrefFor = (p: number) => {
    const q = new URLSearchParams();
    if (status) q.set("status", status);
    if (fromDay) q.set("from", fromDay);
    if (toDay) q.set("to", toDay);
    if (search) q.set("q", search);
    if (locale === "en") q.set("lang", "en");
    q.set("page", String(p));
    return `/dashboard/payments?${q}`;
  };
  const { pagination } = result;

  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="payments">
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 text-muted">{t.intro}</p>

      <form method="get" action="/dashboard/payments" aria-label={t.filters} className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        {locale === "en" ? <input type="hidden" name="lang" value="en" /> : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="f-status" className="text-sm font-semibold text-ink">
            {t.status}
          </label>
          <select id="f-status" name="status" defaultValue={status ?? ""} className={inputClass}>
            <option value="">{t.all}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel("payment", s, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="f-from" className="text-sm font-semibold text-ink">
            {t.from}
          </label>
          <input id="f-from" type="date" name="from" defaultValue={fromDay} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="f-to" className="text-sm font-semibold text-ink">
            {t.to}
          </label>
          <input id="f-to" type="date" name="to" defaultValue={toDay} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="f-q" className="text-sm font-semibold text-ink">
            {t.search}
          </label>
          <input id="f-q" type="search" name="q" defaultValue={search} maxLength={64} aria-describedby="f-q-hint" className={inputClass} />
          <p id="f-q-hint" className="text-xs text-muted">
            {t.searchHint}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses()}>
            {t.apply}
          </button>
          <Link href={locale === "en" ? "/dashboard/payments?lang=en" : "/dashboard/payments"} className={buttonClasses({ variant: "ghost" })}>
            {t.reset}
          </Link>
        </div>
      </form>

      {result.payments.length === 0 ? (
        <p className="mt-6 text-muted">{t.none}</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto rounded-2xl border border-line bg-surface p-3" tabIndex={0} role="region" aria-label={t.title}>
          {/* At 360 px the reference, id and date share a cell with the amount and status beside them; the customer waits for a wider screen. */}
          <table className="w-full text-left text-sm sm:min-w-[640px]">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">{t.date}</th>
                <th scope="col" className="py-2 pr-3">{t.id}</th>
                <th scope="col" className="py-2 pr-3">{t.amount}</th>
                <th scope="col" className="py-2 pr-3">{t.status}</th>
                <th scope="col" className="hidden py-2 pr-3 sm:table-cell">{t.customer}</th>
                <th scope="col" className="hidden py-2 sm:table-cell">{t.reference}</th>
              </tr>
            </thead>
            <tbody>
              {result.payments.map((p) => (
                <tr key={p.id} className="border-t border-line align-top" data-testid="payment-row">
                  <td className="hidden py-2 pr-3 sm:table-cell">
                    <DateTime value={p.created_at} locale={locale} />
                  </td>
                  <td className="py-2 pr-3">
                    {/* On a phone the merchant's own reference leads; the id keeps one line, cut with an ellipsis (its full text stays the link's name). */}
                    {p.client_reference ? (
                      <p className="mb-1 text-sm font-semibold break-words text-ink sm:hidden" data-testid="payment-reference">
                        {p.client_reference}
                      </p>
                    ) : null}
                    <Link
                      href={`/dashboard/payments/${p.id}${locale === "en" ? "?lang=en" : ""}`}
                      className="block max-w-28 truncate font-mono text-xs font-semibold text-brand underline sm:max-w-none sm:break-all sm:whitespace-normal"
                    >
                      {p.id}
                    </Link>
                    <DateTime value={p.created_at} locale={locale} className="mt-1 block text-xs text-muted sm:hidden" />
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap" data-testid="payment-amount">
                    <Amount value={p.amount} />
                  </td>
                  <td className="py-2 pr-3" data-testid="payment-status">
                    <span className="flex flex-wrap items-center gap-1.5">
                      <StatusBadge kind="payment" status={p.status} locale={locale} code />
                      {p.refunded ? <Badge tone="neutral">{t.money.refundedBadge}</Badge> : null}
                    </span>
                  </td>
                  <td className="hidden py-2 pr-3 sm:table-cell">{p.customer_name ? `${p.customer_name} · ` : ""}<span className="whitespace-nowrap">{formatPhone(p.customer_phone)}</span></td>
                  <td className="hidden py-2 sm:table-cell">{p.client_reference ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination.total > 0 ? (
        <nav aria-label={t.pageOf(page, Math.max(1, pagination.pages), pagination.total)} className="mt-3 flex flex-wrap items-center gap-2">
          {page > 1 ? (
            <Link href={hrefFor(page - 1)} className={buttonClasses({ variant: "secondary" })}>
              {t.previous}
            </Link>
          ) : null}
          <span className="text-sm text-muted">{t.pageOf(page, Math.max(1, pagination.pages), pagination.total)}</span>
          {page < pagination.pages ? (
            <Link href={hrefFor(page + 1)} className={buttonClasses({ variant: "secondary" })}>
              {t.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
      {can(ctx.user.merchantRole, "books") ? <ExportPanel locale={locale} type="payments" status={status} statusLabel={status ? statusLabel("payment", status, locale) : undefined} /> : null}
    </DashboardFrame>
  );
}
