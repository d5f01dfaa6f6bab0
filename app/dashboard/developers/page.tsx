import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { DevelopersView } from "@/components/dashboard/DevelopersView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { developersOverview } from "@/lib/account/developers";
import { restrictedKeys } from "@/lib/platform/restricted-keys";
import { can } from "@/lib/auth/permissions";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { publicBaseUrl } from "@/lib/config";

export const generateMetadata = dashboardMetadata("developers");

export default async function DevelopersPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/developers", "developers.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="developers" />;
  const overview = await developersOverview(ctx.db, ctx.merchant.id, ctx.mode);
  const restricted = await restrictedKeys(ctx.db, ctx.merchant.id, ctx.mode);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="developers">
      <DevelopersView locale={locale} mode={ctx.mode} productionEnabled={ctx.merchant.productionEnabled} apiBaseUrl={`${publicBaseUrl()}/v1`} initial={overview} initialRestricted={restricted} showRequestLog={can(ctx.user.merchantRole, "developers.logs")} canManage={can(ctx.user.merchantRole, "developers.manage")} />
    </DashboardFrame>
  );
}
