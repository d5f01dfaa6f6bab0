import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BuyerPanel } from "@/components/secure-orders/BuyerPanel";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { publicPage } from "@/lib/http/page";
import { merchantBrand } from "@/lib/branding/brand";
import { buyerView } from "@/lib/secure-orders/public";
import { disputeAction, payAction, simulateAction } from "./actions";

export const dynamic = "force-dynamic";

// The token in the URL is the buyer's key to the order: never indexed, never sent to another site as a referrer
// ("same-origin" rather than "no-referrer", which would make browsers send `Origin: null` and fail the server actions' origin check).
export const metadata: Metadata = {
  title: "Commande sécurisée",
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The buyer page of a secure order: pay, then read the delivery code out to the courier. */
export default async function BuyerPage({ params, searchParams }: Props) {
  const [{ token }, { locale, db }] = await Promise.all([params, publicPage(searchParams)]);
  const view = await buyerView(db, token);
  if (!view) notFound();
  const brand = await merchantBrand(db, view.merchantId);
  return (
    <PublicPageShell locale={locale} testMode={view.isTest} brand={brand}>
      <BuyerPanel view={view} locale={locale} pay={payAction.bind(null, token)} simulate={simulateAction.bind(null, token)} dispute={disputeAction.bind(null, token)} />
    </PublicPageShell>
  );
}
