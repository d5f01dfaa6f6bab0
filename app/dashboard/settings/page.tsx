import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { SettingsView } from "@/components/dashboard/SettingsView";
import { dashboardPage, type SearchParams } from "@/lib/auth/page";
import { settingsOverview } from "@/lib/auth/settings";

export const generateMetadata = dashboardMetadata("settings");

export default async function SettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale } = await dashboardPage("/dashboard/settings", searchParams);
  const overview = await settingsOverview(ctx.db, ctx.merchant);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="settings">
      <SettingsView locale={locale} initial={overview} />
    </DashboardFrame>
  );
}
