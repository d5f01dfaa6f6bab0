import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { invoiceCopy } from "@/components/invoices/copy";
import { InvoiceView } from "@/components/invoices/InvoiceView";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { merchantBrand } from "@/lib/branding/brand";
import { isAutomatedVisit } from "@/lib/http/automated-visit";
import { pageLocale, publicPage, type SearchParams } from "@/lib/http/page";
import { currentUser } from "@/lib/http/session";
import { invoicePage } from "@/lib/invoices/public";
import { payInvoiceFromForm } from "./actions";

export const dynamic = "force-dynamic";

// Metadata and page share one read per request (and record one view, if the visitor is the customer).
const viewOf = cache(async (db: Parameters<typeof invoicePage>[0], token: string) => {
  const viewer = await currentUser();
  return invoicePage(db, token, { visitor: { automated: isAutomatedVisit(await headers()), staff: viewer?.role === "staff", merchantId: viewer?.merchantId ?? null } });
});

type Props = { params: Promise<{ token: string }>; searchParams: SearchParams };

// Like the checkout: never indexed, and the URL (the invoice's key) never sent to another site as a
// referrer; "same-origin", not "no-referrer", so the pay form's post before the script keeps its Origin.
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ token }, { db }] = await Promise.all([params, publicPage(searchParams)]);
  const view = await viewOf(db, token);
  const locale = await pageLocale(searchParams, view?.locale);
  const t = invoiceCopy[locale];
  const title = view ? `${t.title(view.number)} · ${view.merchantName}` : t.pageTitle;
  return { title, robots: { index: false, follow: false }, referrer: "same-origin" };
}

/**
 * The hosted invoice page (`hosted_invoice_url`): in the invoice's language unless the visitor
 * chose another (?lang=, the cookie). 404 for a draft or an unknown token. Paying needs no script.
 */
export default async function InvoicePage({ params, searchParams }: Props) {
  const [{ token }, { db }] = await Promise.all([params, publicPage(searchParams)]);
  const view = await viewOf(db, token);
  if (!view) notFound();
  const [locale, brand] = await Promise.all([pageLocale(searchParams, view.locale), merchantBrand(db, view.merchantId)]);
  return (
    <PublicPageShell locale={locale} testMode={!view.livemode} brand={brand} width="medium">
      <InvoiceView
        view={view}
        locale={locale}
        payAction={payInvoiceFromForm.bind(null, token, locale)}
        pdfPath={`/i/${token}/pdf?lang=${locale}`}
        checkoutPath={view.pendingPaymentId ? `/checkout/${view.pendingPaymentId}?lang=${locale}` : null}
      />
    </PublicPageShell>
  );
}
