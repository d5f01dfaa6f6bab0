import type { Locale } from "@/lib/i18n/locale";
import { shareCopy } from "./copy";
import { WhatsAppShare } from "./WhatsAppShare";

/** The buyer page's "Partager le code au livreur": the delivery code sent through WhatsApp. */
export function DeliveryCodeShare({ locale, code, reference, merchantName }: { locale: Locale; code: string; reference: string; merchantName: string }) {
  const t = shareCopy[locale];
  return <WhatsAppShare locale={locale} label={t.deliveryCodeLabel} text={t.deliveryCodeText(code, reference, merchantName)} testId="share-delivery-code" />;
}
