"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import { invoiceCopy, type InvoiceErrorCode } from "./copy";

/** What the pay action answered when it did not lead to the checkout: the error code; `at` 0 = nothing posted yet. */
export type InvoicePayState = { code: string | null; at: number };

type Props = {
  locale: Locale;
  /** Server action bound to the invoice: the button works before (or without) the page's script. */
  action: (state: InvoicePayState, formData: FormData) => Promise<InvoicePayState>;
  total: number;
  maskedPhone: string;
  /** The one-tap button; false once the invoice is paid or cancelled, or an attempt is in flight. */
  canPay: boolean;
  /** What the page says of the invoice's state (paid, cancelled, an attempt to continue), rendered by the server. */
  children?: ReactNode;
};

/** Codes that mean the invoice changed under the customer: the page is read again to show what it is now. */
const CHANGED = new Set(["INVOICE_ALREADY_PAID", "INVOICE_VOIDED", "INVOICE_PAYMENT_IN_PROGRESS"]);

/**
 * The invoice page's actions: a form posting the page's server action, which starts (or resumes)
 * the invoice's payment, pushes it to the number shown masked and opens the checkout's waiting
 * screen. Without the script the browser posts the same form. A refusal stays on screen above
 * the state the page shows now (it stays mounted when the button goes, so an invoice paid or
 * cancelled meanwhile says why the tap did nothing); with the script, a second tap while the
 * first is in flight does nothing.
 */
export function InvoiceActions({ locale, action, total, maskedPhone, canPay, children }: Props) {
  const t = invoiceCopy[locale];
  const router = useRouter();
  const [answer, formAction, busy] = useActionState(action, { code: null, at: 0 });
  const seen = useRef(answer.at);
  useEffect(() => {
    if (answer.at === seen.current) return;
    seen.current = answer.at;
    if (answer.code && CHANGED.has(answer.code)) router.refresh();
  }, [answer, router]);
  const error = answer.code ? (t.errors[answer.code as InvoiceErrorCode] ?? t.errors.other) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    if (busy) event.preventDefault();
  }

  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert data-testid="invoice-pay-error">{error}</Alert> : null}
      {children}
      {canPay ? (
        <form action={formAction} onSubmit={submit} className="flex flex-col gap-3">
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {busy ? t.paying : t.pay(formatXof(total))}
          </Button>
          <p className="text-sm text-muted">{t.payTo(maskedPhone)}</p>
        </form>
      ) : null}
    </div>
  );
}
