import { notFound } from "next/navigation";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { WithdrawalDetail } from "@/components/dashboard/areas/WithdrawalDetail";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { ApiError } from "@/lib/core/errors";
import { isWithdrawalApprover } from "@/lib/withdrawals/approval";
import { getWithdrawal } from "@/lib/withdrawals/queries";
import { withdrawalResource } from "@/lib/withdrawals/serialize";

export const generateMetadata = dashboardMetadata("withdrawals");

export default async function WithdrawalDetailPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { ctx, locale, refused } = await dashboardPage(`/dashboard/withdrawals/${encodeURIComponent(id)}`, "withdrawals.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="withdrawals" />;
  let withdrawal;
  try {
    withdrawal = withdrawalResource(await getWithdrawal(ctx, id));
  } catch (error) {
    if (error instanceof ApiError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="withdrawals">
      <WithdrawalDetail w={withdrawal} locale={locale} viewer={{ actor: `user:${ctx.user.id}`, canApprove: isWithdrawalApprover(ctx.user.merchantRole) }} />
    </DashboardFrame>
  );
}
