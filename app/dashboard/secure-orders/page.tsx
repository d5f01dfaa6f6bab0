import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { SecureOrdersPilot } from "@/components/dashboard/areas/SecureOrdersPilot";
import { SecureOrdersView } from "@/components/dashboard/areas/SecureOrdersView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { ExportPanel } from "@/components/dashboard/books/ExportPanel";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { pilotState } from "@/lib/secure-orders/pilot";
import { listSecureOrders } from "@/lib/secure-orders/queries";

export const generateMetadata = dashboardMetadata("secure-orders");

// Secure orders are a per-merchant pilot: merchants outside it are told so (the API answers 404
// SECURE_ORDERS_DISABLED) and can ask to join.
export default async function SecureOrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/secure-orders", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="secure-orders" />;
  const initial = ctx.merchant.secureOrdersEnabled ? await listSecureOrders(ctx, { page: 1, limit: 50 }) : null;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="secure-orders">
      {initial ? <SecureOrdersView locale={locale} mode={ctx.mode} initial={initial} /> : <SecureOrdersPilot locale={locale} initial={pilotState(ctx.merchant)} />}
      {initial && can(ctx.user.merchantRole, "books") ? <ExportPanel locale={locale} type="secure_orders" /> : null}
    </DashboardFrame>
  );
}
