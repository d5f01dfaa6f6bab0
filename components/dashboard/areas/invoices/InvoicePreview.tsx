import { invoiceCopy } from "@/components/invoices/copy";
import { formatDate } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { maskPhone } from "@/lib/format/phone";
import type { Locale } from "@/lib/i18n/locale";
import { normalizePhone } from "@/lib/phone/parse";
import { invoicesCopy } from "./copy";

export type PreviewLine = { description: string; quantity: number; unit_amount: number | null; amount: number | null };

/**
 * The invoice as its customer will see it on its page, in the invoice's language, while the
 * merchant fills the form: the words of the hosted page (components/invoices/copy.ts), the
 * number masked as that page masks it, and a total added up here for the eye only.
 */
export function InvoicePreview({
  locale,
  invoiceLocale,
  merchantName,
  customerName,
  phone,
  lines,
  total,
  dueDate,
  notes,
}: {
  locale: Locale;
  invoiceLocale: Locale;
  merchantName: string;
  customerName: string;
  phone: string;
  lines: PreviewLine[];
  total: number;
  dueDate: string;
  notes: string;
}) {
  const t = invoicesCopy[locale];
  const c = invoiceCopy[invoiceLocale];
  const e164 = normalizePhone(phone);
  const shown = lines.filter((l) => l.description || l.amount !== null);
  return (
    <section aria-labelledby="invoice-preview" className="rounded-2xl border border-line bg-canvas p-3 sm:p-4" data-testid="invoice-preview">
      <h2 id="invoice-preview" className="text-lg font-semibold text-ink">
        {t.preview}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.previewNote}</p>
      <div lang={invoiceLocale} className="mt-3 rounded-xl border border-line bg-surface p-4 shadow-sm">
        <p className="text-sm text-muted">
          {c.from} <span className="font-semibold text-ink">{merchantName}</span>
        </p>
        <p className="mt-1 text-xl font-bold text-ink">{c.title(t.previewNumber)}</p>
        {customerName || e164 ? (
          <p className="mt-2 text-sm text-ink">
            <span className="text-muted">{c.billedTo} </span>
            {[customerName, e164 ? maskPhone(e164) : null].filter(Boolean).join(" · ")}
          </p>
        ) : null}
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{c.lines}</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {c.description}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {c.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr className="border-t border-line">
                <td colSpan={2} className="py-2 text-muted">
                  {t.previewNoLines}
                </td>
              </tr>
            ) : (
              shown.map((l, i) => (
                <tr key={i} className="border-t border-line align-top">
                  <td className="py-2 pr-3 break-words text-ink">
                    {l.description || "—"}
                    {l.unit_amount !== null ? (
                      <span className="block text-xs text-muted">
                        {l.quantity} × <span className="whitespace-nowrap">{formatXof(l.unit_amount)}</span>
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap text-ink">{l.amount !== null ? formatXof(l.amount) : "—"}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-line-strong">
              <th scope="row" className="py-2 pr-3 font-semibold text-ink">
                {c.totalDue}
              </th>
              <td className="py-2 text-right text-lg font-bold whitespace-nowrap text-ink" data-testid="invoice-preview-total">
                {formatXof(total)}
              </td>
            </tr>
          </tfoot>
        </table>
        {dueDate ? (
          <p className="mt-2 text-sm text-ink">
            {c.due} {formatDate(dueDate, invoiceLocale)}
          </p>
        ) : null}
        {notes.trim() ? (
          <div className="mt-3">
            <p className="text-sm font-semibold text-muted">{c.notes}</p>
            <p className="text-sm break-words whitespace-pre-line text-ink">{notes}</p>
          </div>
        ) : null}
        <p aria-hidden="true" className="mt-4 rounded-lg bg-brand px-4 py-3 text-center font-semibold text-white">
          {c.pay(formatXof(total))}
        </p>
      </div>
    </section>
  );
}
