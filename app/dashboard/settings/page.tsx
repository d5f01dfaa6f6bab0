import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { SettingsView } from "@/components/dashboard/SettingsView";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { settingsOverview } from "@/lib/account/settings";

export const generateMetadata = dashboardMetadata("settings");

export default async function SettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/settings", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="settings" />;
  const overview = await settingsOverview(ctx.db, ctx.merchant);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="settings">
      <SettingsView locale={locale} initial={overview} />
    </DashboardFrame>
  );
}
