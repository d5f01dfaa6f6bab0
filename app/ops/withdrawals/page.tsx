import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { WithdrawalQueue } from "@/components/ops/WithdrawalQueue";
import { db } from "@/db/client";
import { opsPage, type SearchParams } from "@/lib/auth/page";
import { listWithdrawalsForStaff } from "@/lib/withdrawals/queries";

export const generateMetadata = opsMetadata("withdrawals");

export default async function OpsWithdrawalsPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale } = await opsPage("/ops/withdrawals", searchParams);
  const pending = await listWithdrawalsForStaff(db(), { status: "PENDING", limit: 200 });
  const approved = await listWithdrawalsForStaff(db(), { status: "APPROVED", limit: 200 });
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="withdrawals">
      <WithdrawalQueue locale={locale} initial={[...pending, ...approved]} />
    </OpsFrame>
  );
}
