import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { HomeView } from "@/components/dashboard/HomeView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { homeSummary } from "@/lib/account/home";
import { dashboardPage, type SearchParams } from "@/lib/http/page";

export const generateMetadata = dashboardMetadata("home");

export default async function DashboardHomePage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="home" />;
  const summary = await homeSummary(ctx);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="home">
      <HomeView locale={locale} mode={ctx.mode} initial={summary} />
    </DashboardFrame>
  );
}
