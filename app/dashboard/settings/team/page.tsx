import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { TeamView } from "@/components/dashboard/team/TeamView";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { listMembers } from "@/lib/team/members";

export const generateMetadata = dashboardMetadata("team");

export default async function TeamPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/settings/team", "team.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="team" />;
  const members = await listMembers(ctx.db, ctx.merchant.id);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="team">
      <TeamView locale={locale} initial={{ members }} manage={can(ctx.user.merchantRole, "team.manage")} selfId={ctx.user.id} />
    </DashboardFrame>
  );
}
