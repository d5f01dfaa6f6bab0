import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CourierPanel } from "@/components/secure-orders/CourierPanel";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { publicPage } from "@/lib/http/page";
import { merchantBrand } from "@/lib/branding/brand";
import { courierView } from "@/lib/secure-orders/public";
import { confirmAction } from "./actions";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Confirmer la livraison",
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The courier page: reference and amount, and the buyer's code typed at the door. */
export default async function CourierPage({ params, searchParams }: Props) {
  const [{ token }, { locale, db }] = await Promise.all([params, publicPage(searchParams)]);
  const view = await courierView(db, token);
  if (!view) notFound();
  const brand = await merchantBrand(db, view.merchantId);
  return (
    <PublicPageShell locale={locale} testMode={view.isTest} brand={brand}>
      <CourierPanel view={view} locale={locale} confirm={confirmAction.bind(null, token)} />
    </PublicPageShell>
  );
}
