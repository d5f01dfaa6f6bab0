import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReceiptCard } from "@/components/receipts/ReceiptCard";
import { receiptCopy } from "@/components/receipts/copy";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { merchantBrand } from "@/lib/branding/brand";
import { publicPage, type SearchParams } from "@/lib/http/page";
import { receiptByToken } from "@/lib/receipts/view";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }>; searchParams: SearchParams };

// Like the checkout: never indexed, and the URL (the receipt's key) never sent to another site as a referrer.
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { locale } = await publicPage(searchParams);
  return { title: receiptCopy[locale].pageTitle, robots: { index: false, follow: false }, referrer: "same-origin" };
}

/** A successful payment's receipt (lib/receipts/): 404 for an unknown token or a payment that did not succeed. No script needed. */
export default async function ReceiptPage({ params, searchParams }: Props) {
  const [{ token }, { locale, db }] = await Promise.all([params, publicPage(searchParams)]);
  const view = await receiptByToken(db, token);
  if (!view) notFound();
  const brand = await merchantBrand(db, view.merchantId);
  return (
    <PublicPageShell locale={locale} testMode={!view.livemode} brand={brand}>
      <ReceiptCard view={view} locale={locale} />
    </PublicPageShell>
  );
}
