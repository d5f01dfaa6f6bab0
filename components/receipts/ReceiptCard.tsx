import { Amount } from "@/components/ui/Amount";
import { formatBamako } from "@/lib/format/date";
import type { Locale } from "@/lib/i18n/locale";
import type { ReceiptView } from "@/lib/receipts/view";
import { receiptCopy } from "./copy";
import { ReceiptShareLinks } from "./ReceiptShareLinks";

function Row({ label, value, code = false }: { label: string; value: string | null; code?: boolean }) {
  if (value === null) return null;
  return (
    <div className="flex flex-col gap-0.5 py-2">
      <dt className="text-sm text-muted">{label}</dt>
      {/* Ids have no spaces: they break anywhere rather than widen the page at 360 px. */}
      <dd className={`font-medium text-ink ${code ? "font-mono text-sm break-all" : "break-words"}`}>{value}</dd>
    </div>
  );
}

/** The receipt page (/r/[token]): what was paid, to whom, when, under which references; then its PDF and a WhatsApp share. A test payment is marked by the page's test-mode banner. */
export function ReceiptCard({ view, locale }: { view: ReceiptView; locale: Locale }) {
  const t = receiptCopy[locale];
  return (
    <article aria-labelledby="receipt-title" className="flex flex-col gap-5">
      <section className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6" data-testid="receipt-card">
        <h1 id="receipt-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
          {t.title}
        </h1>
        <p className="mt-3 flex items-center gap-2 font-semibold text-brand">
          <svg className="size-5 shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z" clipRule="evenodd" />
          </svg>
          {t.paid}
        </p>
        <p className="mt-3 text-sm text-muted">{t.paidTo}</p>
        <p className="text-xl font-bold break-words text-ink">{view.merchantName}</p>
        <p className="mt-3 text-3xl font-bold text-ink" data-testid="receipt-amount">
          <Amount value={view.amount} />
        </p>
        <dl className="mt-4 divide-y divide-line border-t border-line">
          <div className="flex flex-col gap-0.5 py-2">
            <dt className="text-sm text-muted">{t.date}</dt>
            <dd className="font-medium text-ink">
              <time dateTime={view.paidAt}>{formatBamako(view.paidAt, locale)}</time>
            </dd>
          </div>
          <Row label={t.reference} value={view.reference} code />
          <Row label={t.merchantReference} value={view.merchantReference} code />
          <Row label={t.operatorReference} value={view.operatorReference} code />
          <Row label={t.phone} value={view.customerPhone} />
          <Row label={t.description} value={view.description} />
        </dl>
      </section>
      <ReceiptShareLinks locale={locale} merchantName={view.merchantName} amount={view.amount} url={view.url} path={view.path} />
      <p className="text-sm text-muted">{t.keep}</p>
    </article>
  );
}
