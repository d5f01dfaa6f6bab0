import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Providers } from "@/app/providers";
import { CheckoutClient } from "@/components/checkout/CheckoutClient";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { publicPage } from "@/lib/http/page";
import { merchantBrand } from "@/lib/branding/brand";
import { ApiError } from "@/lib/core/errors";
import { checkoutView } from "@/lib/payments/checkout";
import { operatorDisplay } from "@/lib/operator/display";
import { confirmFromForm, resendFromForm, simulateCheckout } from "./actions";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Never sent to another site as a referrer (the merchant's return_url included). "same-origin" rather than
// "no-referrer", which makes browsers send `Origin: null` with the number form's post (before the
// script has loaded) and fail the server action's origin check.
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { locale } = await publicPage(searchParams);
  return { title: locale === "fr" ? "Paiement" : "Payment", robots: { index: false, follow: false }, referrer: "same-origin" };
}

/**
 * The hosted checkout (`redirect_url` of a payment). The customer confirms their number, the
 * collection is pushed to their phone (POST /v1/payments/{id}/confirm), and the page follows the
 * public status until SUCCESS (→ return_url), FAILED, EXPIRED or CANCELLED. The number form also
 * works before the page's script has loaded (a server action: a POST, never the number in a URL).
 */
export default async function CheckoutPage({ params, searchParams }: Props) {
  const [{ id }, { locale, db }] = await Promise.all([params, publicPage(searchParams)]);
  let view: Awaited<ReturnType<typeof checkoutView>>;
  try {
    view = await checkoutView(db, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  const brand = await merchantBrand(db, view.merchantId);
  return (
    <PublicPageShell locale={locale} testMode={!view.payment.livemode} brand={brand}>
      <Providers>
        <CheckoutClient
          locale={locale}
          initial={view.payment}
          description={view.description}
          returnUrl={view.returnUrl}
          wayBack={view.wayBack}
          simulated={view.simulated}
          receipt={view.receipt}
          simulate={simulateCheckout}
          confirmAction={confirmFromForm.bind(null, view.payment.id)}
          resendAction={resendFromForm.bind(null, view.payment.id)}
          operator={operatorDisplay(locale)}
          operatorLabel={view.operatorLabel}
          maskedPhone={view.maskedPhone}
          secondsLeft={view.secondsLeft}
          resendWait={view.resendWait}
        />
      </Providers>
    </PublicPageShell>
  );
}
