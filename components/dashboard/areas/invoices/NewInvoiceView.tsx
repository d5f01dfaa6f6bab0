"use client";

import Link from "next/link";
import { PageFrame } from "@/components/ui/PageFrame";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { INVOICE_LIMITS } from "@/lib/invoices/schemas";
import { invoicesCopy } from "./copy";
import { InvoiceForm } from "./InvoiceForm";
import { useOpenInvoice } from "./use-invoices";

/** The new-invoice page: the form and its preview; once saved, the invoice's own page. */
export function NewInvoiceView(props: { locale: Locale; mode: Mode; merchantName: string; limits: typeof INVOICE_LIMITS; defaultReminderDays: readonly number[]; today: string; phone?: string }) {
  const t = invoicesCopy[props.locale];
  const openInvoice = useOpenInvoice(props.locale);
  return (
    <div>
      <Link href={`/dashboard/invoices${props.locale === "en" ? "?lang=en" : ""}`} className="text-sm font-semibold text-brand underline">
        ← {t.back}
      </Link>
      <div className="mt-2">
        <PageFrame title={t.newTitle} description={t.newIntro}>
          <InvoiceForm {...props} onDone={openInvoice} />
        </PageFrame>
      </div>
    </div>
  );
}
