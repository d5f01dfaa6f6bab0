import type { Locale } from "@/lib/i18n/locale";
import { MailRecipient } from "@/lib/mail/outbox";

/** Nothing records a customer's language: French, the language most customers in Mali read. */
export const CUSTOMER_LOCALE: Locale = "fr";

/** An address a merchant gave that does not parse is skipped: a mail must never fail a payment. */
export const usableAddress = (address: string | null | undefined): string | null => {
  const parsed = MailRecipient.safeParse(address?.trim());
  return parsed.success ? parsed.data : null;
};
