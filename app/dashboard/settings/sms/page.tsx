import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { SmsView } from "@/components/dashboard/settings/SmsView";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { smsSettingsOf } from "@/lib/sms/settings";

export const generateMetadata = dashboardMetadata("sms");

export default async function SmsSettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/settings/sms", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="sms" />;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="sms">
      <SmsView locale={locale} initial={await smsSettingsOf(ctx.db, ctx.merchant.id, ctx.mode)} />
    </DashboardFrame>
  );
}
