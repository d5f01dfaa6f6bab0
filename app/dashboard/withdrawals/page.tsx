import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { WithdrawalsView } from "@/components/dashboard/areas/WithdrawalsView";
import { BalanceHistory } from "@/components/dashboard/books/BalanceHistory";
import { ExportPanel } from "@/components/dashboard/books/ExportPanel";
import { StatementPanel } from "@/components/dashboard/books/StatementPanel";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { isWithdrawalApprover } from "@/lib/withdrawals/approval";
import { WITHDRAWAL_MAX, WITHDRAWAL_MIN } from "@/lib/withdrawals/fees";
import { listWithdrawals } from "@/lib/withdrawals/queries";

export const generateMetadata = dashboardMetadata("withdrawals");

export default async function WithdrawalsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/withdrawals", "withdrawals.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="withdrawals" />;
  const [balance, list] = await Promise.all([merchantBalance(ctx.db, ctx.merchant.id, ctx.mode), listWithdrawals(ctx, { page: 1, limit: 20 })]);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="withdrawals">
      <WithdrawalsView locale={locale} mode={ctx.mode} initial={{ balance, ...list }} min={WITHDRAWAL_MIN} max={WITHDRAWAL_MAX} kycApproved={ctx.merchant.kycStatus === "approved"}
        viewer={{ actor: `user:${ctx.user.id}`, canApprove: isWithdrawalApprover(ctx.user.merchantRole) }}
      />
      <BalanceHistory locale={locale} mode={ctx.mode} />
      {can(ctx.user.merchantRole, "books") ? (
        <>
          <StatementPanel locale={locale} accountCreatedAt={ctx.merchant.createdAt.toISOString()} />
          <ExportPanel locale={locale} type="withdrawals" />
          <ExportPanel locale={locale} type="balance_transactions" />
        </>
      ) : null}
    </DashboardFrame>
  );
}
