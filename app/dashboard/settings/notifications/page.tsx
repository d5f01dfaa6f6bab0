import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { notificationSettingsOf } from "@/lib/notifications/opt-outs";
import { NotificationSettingsView } from "./NotificationSettingsView";

export const generateMetadata = dashboardMetadata("notifications");

export default async function NotificationSettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/settings/notifications", "account", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="notifications" />;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="notifications">
      <NotificationSettingsView locale={locale} email={ctx.user.email} initial={notificationSettingsOf(ctx.user)} />
    </DashboardFrame>
  );
}
