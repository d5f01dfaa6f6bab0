import { ComingSoon } from "@/components/dashboard/ComingSoon";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { SecureOrdersView } from "@/components/dashboard/areas/SecureOrdersView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { dashboardPage, type SearchParams } from "@/lib/auth/page";
import { listSecureOrders } from "@/lib/secure-orders/queries";

export const generateMetadata = dashboardMetadata("secure-orders");

// Secure orders are a per-merchant pilot: merchants without it keep the explanation of what the API offers.
export default async function SecureOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale } = await dashboardPage("/dashboard/secure-orders", searchParams);
  const initial = ctx.merchant.secureOrdersEnabled ? await listSecureOrders(ctx, { page: 1, limit: 50 }) : null;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="secure-orders">
      {initial ? <SecureOrdersView locale={locale} mode={ctx.mode} initial={initial} /> : <ComingSoon locale={locale} section="secure-orders" />}
    </DashboardFrame>
  );
}
