import { Amount } from "@/components/ui/Amount";
import { formatBamako } from "@/lib/format/date";
import type { Locale } from "@/lib/i18n/locale";
import { receiptCopy } from "./copy";
import { ReceiptShareLinks } from "./ReceiptShareLinks";

interface CheckoutReceiptProps {
  locale: Locale;
  merchantName: string;
  amount: number;
  /** The payment's id: the reference the customer quotes. */
  reference: string;
  /** When the checkout saw the payment succeed (its updated_at). */
  paidAt: string;
  receipt: { path: string; url: string };
}

/**
 * The receipt card on the checkout's success screen. The checkout follows the payment's public
 * status, which does not carry the operator's reference: the receipt page and its PDF show it.
 */
export function CheckoutReceipt({ locale, merchantName, amount, reference, paidAt, receipt }: CheckoutReceiptProps) {
  const t = receiptCopy[locale];
  return (
    <section aria-labelledby="checkout-receipt-title" className="mt-2 flex flex-col gap-3 border-t border-line pt-4" data-testid="checkout-receipt">
      <h3 id="checkout-receipt-title" className="font-semibold text-ink">
        {t.cardTitle}
      </h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t.paidTo}</dt>
        <dd className="font-medium break-words text-ink">{merchantName}</dd>
        <dt className="text-muted">{t.amount}</dt>
        <dd className="font-medium text-ink">
          <Amount value={amount} />
        </dd>
        <dt className="text-muted">{t.dateShort}</dt>
        <dd className="font-medium text-ink">
          <time dateTime={paidAt}>{formatBamako(paidAt, locale)}</time>
        </dd>
        <dt className="text-muted">{t.reference}</dt>
        <dd className="font-mono font-medium break-all text-ink">{reference}</dd>
      </dl>
      <ReceiptShareLinks locale={locale} merchantName={merchantName} amount={amount} url={receipt.url} path={receipt.path} showView />
    </section>
  );
}
