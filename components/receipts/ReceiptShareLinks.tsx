import { buttonClasses } from "@/components/ui/Button";
import { WhatsAppShare } from "@/components/share/WhatsAppShare";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import { receiptCopy } from "./copy";

interface ReceiptShareLinksProps {
  locale: Locale;
  merchantName: string;
  amount: number;
  /** The receipt page's full URL (what the WhatsApp message carries) and its path on this site. */
  url: string;
  path: string;
  /** The checkout links to the receipt page (its main action; the others are smaller there); the receipt page itself does not. */
  showView?: boolean;
}

/** The receipt's ways out: its page, its PDF, a WhatsApp message carrying its URL. Plain links: they work without the script. */
export function ReceiptShareLinks({ locale, merchantName, amount, url, path, showView = false }: ReceiptShareLinksProps) {
  const t = receiptCopy[locale];
  const size = showView ? "md" : "lg";
  return (
    <div className="flex flex-col gap-2">
      {showView ? (
        <a href={`${path}?lang=${locale}`} className={buttonClasses({ size: "lg", fullWidth: true })} data-testid="receipt-view">
          {t.view}
        </a>
      ) : null}
      <a href={`${path}/pdf?lang=${locale}`} download className={buttonClasses({ variant: showView ? "secondary" : "primary", size, fullWidth: true })} data-testid="receipt-pdf">
        {t.pdf}
      </a>
      <WhatsAppShare locale={locale} size={size} label={t.share} text={t.shareText(merchantName, formatXof(amount), url)} testId="receipt-whatsapp" />
    </div>
  );
}
