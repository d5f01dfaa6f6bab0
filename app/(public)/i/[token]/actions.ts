"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { InvoicePayState } from "@/components/invoices/InvoiceActions";
import { runAction } from "@/lib/http/action";
import { DEFAULT_LOCALE, toLocale, type Locale } from "@/lib/i18n/locale";
import { startInvoicePayment } from "@/lib/invoices/public";
import { confirmPayment } from "@/lib/payments/checkout";

/**
 * The invoice page's "Payer", with or without the page's script: the invoice's one attempt
 * (startInvoicePayment: a second tap, a reload or another device gets the attempt in flight),
 * limited per client IP like the checkout's Pay; then the collection is pushed at once to the
 * invoice's number (confirmPayment with no typed number: the one the page shows masked) and
 * the customer lands on the checkout's waiting screen. If the push could not be made (operator
 * unreachable, limit reached), the checkout shows the number and its own Pay button.
 * The bound token and locale come back from the browser: startInvoicePayment only opens what a
 * valid token opens, and the locale is one of ours or French.
 */
export async function payInvoiceFromForm(token: string, locale: Locale, _prev: InvoicePayState, _formData: FormData): Promise<InvoicePayState> {
  const started = await runAction(await headers(), { name: "payInvoiceFromForm", limits: ["default", "public.pay"], operation: startInvoicePayment }, ({ db }) => startInvoicePayment(db, String(token)));
  if (!started.ok) return { code: started.code, at: Date.now() };
  await runAction(await headers(), { name: "invoiceConfirmFromForm", limits: ["default"], operation: confirmPayment }, ({ db }) => confirmPayment(db, started.value.id, null));
  redirect(`/checkout/${started.value.id}?lang=${toLocale(String(locale)) ?? DEFAULT_LOCALE}`);
}
