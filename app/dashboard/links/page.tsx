import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { LinksView } from "@/components/dashboard/areas/LinksView";
import type { LinksOverview } from "@/components/dashboard/areas/links/use-links";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { listLinks } from "@/lib/links/service";

export const generateMetadata = dashboardMetadata("links");

export default async function LinksPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/links", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="links" />;
  const r = await listLinks(ctx, { page: 1, limit: 50 });
  const initial: LinksOverview = { links: r.items, pagination: r.pagination };
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="links">
      <LinksView locale={locale} mode={ctx.mode} initial={initial} canEdit={can(ctx.user.merchantRole, "commerce")} />
    </DashboardFrame>
  );
}
