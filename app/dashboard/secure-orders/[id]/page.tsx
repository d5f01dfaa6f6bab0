import { notFound } from "next/navigation";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { SecureOrderDetailView } from "@/components/dashboard/areas/secure-orders/SecureOrderDetailView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { ApiError } from "@/lib/core/errors";
import { secureOrderDetail } from "@/lib/secure-orders/dashboard";

export const generateMetadata = dashboardMetadata("secure-orders");

// Another merchant's order, the other mode's, or any order while the pilot is off: the dashboard's 404.
export default async function SecureOrderDetailPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { ctx, locale, refused } = await dashboardPage(`/dashboard/secure-orders/${encodeURIComponent(id)}`, "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="secure-orders" />;
  if (!ctx.merchant.secureOrdersEnabled) notFound();
  let detail;
  try {
    detail = await secureOrderDetail(ctx, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="secure-orders">
      <SecureOrderDetailView locale={locale} mode={ctx.mode} initial={detail} />
    </DashboardFrame>
  );
}
