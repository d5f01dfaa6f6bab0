import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { WithdrawalsView } from "@/components/dashboard/areas/WithdrawalsView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { dashboardPage, type SearchParams } from "@/lib/auth/page";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { WITHDRAWAL_MAX, WITHDRAWAL_MIN } from "@/lib/withdrawals/fees";
import { listWithdrawals } from "@/lib/withdrawals/queries";

export const generateMetadata = dashboardMetadata("withdrawals");

export default async function WithdrawalsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale } = await dashboardPage("/dashboard/withdrawals", searchParams);
  const [balance, list] = await Promise.all([merchantBalance(ctx.db, ctx.merchant.id, ctx.mode), listWithdrawals(ctx, { page: 1, limit: 20 })]);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="withdrawals">
      <WithdrawalsView locale={locale} mode={ctx.mode} initial={{ balance, ...list }} min={WITHDRAWAL_MIN} max={WITHDRAWAL_MAX} />
    </DashboardFrame>
  );
}
