import { notFound } from "next/navigation";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { LinkDetailView } from "@/components/dashboard/areas/links/LinkDetailView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { ApiError } from "@/lib/core/errors";
import { linkDetail } from "@/lib/links/dashboard";

export const generateMetadata = dashboardMetadata("links");

const PAGE_SIZE = 20;

// Another merchant's link, or the other mode's: the dashboard's 404.
export default async function LinkDetailPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { ctx, locale, refused } = await dashboardPage(`/dashboard/links/${encodeURIComponent(id)}`, "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="links" />;
  const sp = await searchParams;
  const page = Math.min(Math.max(1, Number.parseInt(typeof sp.page === "string" ? sp.page : "", 10) || 1), 100_000);
  let detail;
  try {
    detail = await linkDetail(ctx, id, { page, limit: PAGE_SIZE });
  } catch (error) {
    if (error instanceof ApiError && error.code === "LINK_NOT_FOUND") notFound();
    throw error;
  }
  const hrefFor = (p: number) => `/dashboard/links/${encodeURIComponent(id)}?${new URLSearchParams({ ...(locale === "en" ? { lang: "en" } : {}), page: String(p) })}`;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="links">
      <LinkDetailView detail={detail} locale={locale} canEdit={can(ctx.user.merchantRole, "commerce")} hrefFor={hrefFor} />
    </DashboardFrame>
  );
}
