import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { BrandingView } from "@/components/dashboard/settings/BrandingView";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { brandSettings } from "@/lib/branding/brand";

export const generateMetadata = dashboardMetadata("branding");

export default async function BrandingPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/settings/branding", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="branding" />;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="branding">
      <BrandingView locale={locale} initial={await brandSettings(ctx.db, ctx.merchant)} />
    </DashboardFrame>
  );
}
