import { buttonClasses } from "@/components/ui/Button";
import type { Locale } from "@/lib/i18n/locale";
import { shareCopy } from "./copy";
import { whatsAppShareUrl } from "./whatsapp";

interface WhatsAppShareProps {
  locale: Locale;
  /** The message WhatsApp opens with; the person picks the recipient there. */
  text: string;
  /** What the link says ("Partager sur WhatsApp", "Partager le code au livreur"). */
  label: string;
  variant?: "primary" | "secondary";
  size?: "md" | "lg";
  testId?: string;
}

/**
 * A plain link (works before the page's script, and without it) to WhatsApp with `text` ready to
 * send. It opens in a new tab so the page it was shared from stays open, and sends no referrer.
 */
export function WhatsAppShare({ locale, text, label, variant = "secondary", size = "lg", testId }: WhatsAppShareProps) {
  return (
    <a href={whatsAppShareUrl(text)} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant, size, fullWidth: true })} data-testid={testId}>
      <svg className="size-5 shrink-0" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3Z" />
      </svg>
      {label}
      <span className="sr-only"> {shareCopy[locale].opensWhatsApp}</span>
    </a>
  );
}
