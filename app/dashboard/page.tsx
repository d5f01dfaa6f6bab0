import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { HomeView } from "@/components/dashboard/HomeView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { homeSummary } from "@/lib/auth/home";
import { dashboardPage, type SearchParams } from "@/lib/auth/page";

export const generateMetadata = dashboardMetadata("home");

export default async function DashboardHomePage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale } = await dashboardPage("/dashboard", searchParams);
  const summary = await homeSummary(ctx);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="home">
      <HomeView locale={locale} mode={ctx.mode} initial={summary} />
    </DashboardFrame>
  );
}
