import { Amount } from "@/components/ui/Amount";
import { buttonClasses } from "@/components/ui/Button";
import { formatBamako, formatDate } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { InvoicePageView } from "@/lib/invoices/public";
import { invoiceCopy } from "./copy";
import { InvoiceActions, type InvoicePayState } from "./InvoiceActions";

type Status = InvoicePageView["status"];
type ShownStatus = Exclude<Status, "DRAFT">;

const BADGE: Record<ShownStatus, string> = {
  OPEN: "border-brand bg-brand-soft text-brand-strong",
  OVERDUE: "border-danger bg-danger-soft text-danger-strong",
  PAID: "border-brand bg-brand text-white",
  VOID: "border-line-strong bg-canvas text-ink",
};

function StatusBadge({ status, locale }: { status: ShownStatus; locale: Locale }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full border px-3 py-1 text-sm font-semibold ${BADGE[status]}`} data-testid="invoice-status">
      {invoiceCopy[locale].status[status]}
    </span>
  );
}

type Props = {
  view: InvoicePageView;
  locale: Locale;
  /** The pay button's server action, bound to the invoice. */
  payAction: (state: InvoicePayState, formData: FormData) => Promise<InvoicePayState>;
  /** Paths on this site (the view's URLs carry the public origin, which may be another name for it). */
  pdfPath: string;
  checkoutPath: string | null;
};

/**
 * The hosted invoice page's content: who bills whom, the number and state, the total and due
 * date, then what the customer can do (pay in one tap, continue an attempt in flight, see that it
 * is paid or cancelled), the lines, notes, the issuer's legal identity and the PDF. Renders only.
 */
export function InvoiceView({ view, locale, payAction, pdfPath, checkoutPath }: Props) {
  const t = invoiceCopy[locale];
  const status = view.status as ShownStatus;
  const payable = status === "OPEN" || status === "OVERDUE";
  return (
    <article aria-labelledby="invoice-title" className="flex flex-col gap-5">
      <section className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6" data-testid="invoice-card">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-muted">
              {t.from} <span className="font-semibold break-words text-ink">{view.merchantName}</span>
            </p>
            {/* The number is one word: it moves to the next line whole rather than break at its hyphens. */}
            <h1 id="invoice-title" className="mt-1 text-2xl font-bold text-ink">
              {t.pageTitle} <span className="whitespace-nowrap">{view.number}</span>
            </h1>
          </div>
          <StatusBadge status={status} locale={locale} />
        </div>

        <p className="mt-4 text-sm text-muted">{payable ? t.totalDue : t.total}</p>
        <p className="text-3xl font-bold text-ink" data-testid="invoice-total">
          <Amount value={view.total} />
        </p>

        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 border-t border-line pt-4 min-[400px]:grid-cols-2">
          <div>
            <dt className="text-sm text-muted">{t.issued}</dt>
            <dd className="font-medium text-ink">
              <time dateTime={view.finalizedAt.slice(0, 10)}>{formatDate(view.finalizedAt.slice(0, 10), locale)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{status === "OVERDUE" ? t.dueOverdue : t.due}</dt>
            <dd className={`font-medium ${status === "OVERDUE" ? "text-danger-strong" : "text-ink"}`} data-testid="invoice-due">
              <time dateTime={view.dueDate}>{formatDate(view.dueDate, locale)}</time>
            </dd>
          </div>
          {view.customerName ? (
            <div className="min-[400px]:col-span-2">
              <dt className="text-sm text-muted">{t.billedTo}</dt>
              <dd className="font-medium break-words text-ink">{view.customerName}</dd>
            </div>
          ) : null}
        </dl>

        <div className="mt-6">
          <InvoiceActions locale={locale} action={payAction} total={view.total} maskedPhone={view.maskedPhone} canPay={payable && !checkoutPath}>
            {payable ? (
              <>
                {status === "OVERDUE" ? <p className="text-sm font-medium text-danger-strong">{t.overdueLead}</p> : null}
                {view.lastFailure && !checkoutPath ? (
                  <p role="status" className="rounded-lg border border-accent bg-warning px-3 py-2 text-sm font-medium text-warning-ink">
                    {t.lastFailure[view.lastFailure]}
                  </p>
                ) : null}
                {checkoutPath ? (
                  <>
                    <p className="text-sm text-ink">{t.pending(view.maskedPhone)}</p>
                    <a href={checkoutPath} className={buttonClasses({ size: "lg", fullWidth: true })} data-testid="invoice-continue">
                      {t.continue}
                    </a>
                  </>
                ) : null}
              </>
            ) : status === "PAID" ? (
              <div role="status" className="rounded-xl border border-brand bg-brand-soft p-4" data-testid="invoice-paid">
                <h2 className="text-lg font-bold text-ink">{t.paidTitle}</h2>
                {view.paidAt ? <p className="mt-1 text-ink">{t.paidOn(formatBamako(view.paidAt, locale))}</p> : null}
                {view.receiptPath ? (
                  <a href={`${view.receiptPath}?lang=${locale}`} className={`mt-3 ${buttonClasses({ variant: "secondary", fullWidth: true })}`} data-testid="invoice-receipt">
                    {t.receipt}
                  </a>
                ) : null}
              </div>
            ) : (
              <div role="status" className="rounded-xl border border-line-strong bg-canvas p-4" data-testid="invoice-void">
                <h2 className="text-lg font-bold text-ink">{t.voidTitle}</h2>
                <p className="mt-1 text-ink">{t.voidLead(view.merchantName)}</p>
              </div>
            )}
          </InvoiceActions>
        </div>
      </section>

      <section aria-labelledby="invoice-lines" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <h2 id="invoice-lines" className="text-lg font-bold text-ink">
          {t.lines}
        </h2>
        {/* Phones: one block per line (a four-column table does not fit 360 px); wider screens: the table. */}
        <ul className="mt-3 divide-y divide-line border-y border-line sm:hidden" data-testid="invoice-lines-stacked">
          {view.lines.map((line, i) => (
            <li key={i} className="flex flex-col gap-1 py-3">
              <span className="font-medium break-words text-ink">{line.description}</span>
              <span className="flex items-baseline justify-between gap-3 text-sm text-muted">
                <span>
                  {line.quantity} × {formatXof(line.unit_amount)}
                </span>
                <Amount value={line.amount} className="text-base font-semibold text-ink" />
              </span>
            </li>
          ))}
        </ul>
        <table className="mt-3 hidden w-full text-left sm:table" data-testid="invoice-lines-table">
          <thead>
            <tr className="border-b border-line text-sm text-muted">
              <th scope="col" className="py-2 pr-3 font-semibold">
                {t.description}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                <abbr title={t.quantityLong} className="no-underline">
                  {t.quantity}
                </abbr>
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                {t.unit}
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                {t.amount}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {view.lines.map((line, i) => (
              <tr key={i} className="align-top text-ink">
                <td className="py-2 pr-3 break-words">{line.description}</td>
                <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="px-3 py-2 text-right">
                  <Amount value={line.unit_amount} />
                </td>
                <td className="py-2 pl-3 text-right font-medium">
                  <Amount value={line.amount} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-ink text-ink">
              <th scope="row" colSpan={3} className="py-2 pr-3 text-right font-bold">
                {t.total}
              </th>
              <td className="py-2 pl-3 text-right font-bold">
                <Amount value={view.total} />
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-3 flex items-baseline justify-between gap-3 font-bold text-ink sm:hidden">
          <span>{t.total}</span>
          <Amount value={view.total} />
        </p>
      </section>

      {view.notes ? (
        <section aria-labelledby="invoice-notes" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
          <h2 id="invoice-notes" className="text-lg font-bold text-ink">
            {t.notes}
          </h2>
          <p className="mt-2 whitespace-pre-line break-words text-ink">{view.notes}</p>
        </section>
      ) : null}

      <section aria-labelledby="invoice-issuer" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6" data-testid="invoice-issuer">
        <h2 id="invoice-issuer" className="text-lg font-bold text-ink">
          {t.issuer}
        </h2>
        <address className="mt-2 not-italic text-ink">
          <span className="block font-semibold break-words">{view.legal.name}</span>
          {view.legal.address ? <span className="block whitespace-pre-line break-words">{view.legal.address}</span> : null}
          {view.legal.taxId ? (
            <span className="block text-sm text-muted">
              {t.taxId} {view.legal.taxId}
            </span>
          ) : null}
        </address>
      </section>

      <a href={pdfPath} download className={buttonClasses({ variant: "secondary", size: "lg", fullWidth: true })} data-testid="invoice-pdf">
        {t.pdf}
      </a>
      <p className="text-center text-sm text-muted">{t.secure}</p>
    </article>
  );
}
