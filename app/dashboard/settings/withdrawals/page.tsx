import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { ApprovalThresholdForm } from "@/components/dashboard/areas/withdrawals/ApprovalThresholdForm";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { can } from "@/lib/auth/permissions";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { withdrawalApprovalThreshold } from "@/lib/withdrawals/approval-threshold";

export const generateMetadata = dashboardMetadata("withdrawals");

// Who sees withdrawals reads the threshold; owners and admins (settings.manage) change it.
export default async function WithdrawalApprovalSettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/settings/withdrawals", "withdrawals.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="withdrawals" />;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="withdrawals">
      <ApprovalThresholdForm locale={locale} initial={await withdrawalApprovalThreshold(ctx)} canEdit={can(ctx.user.merchantRole, "settings.manage")} />
    </DashboardFrame>
  );
}
