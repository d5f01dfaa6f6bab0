import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { WithdrawalQueue } from "@/components/ops/WithdrawalQueue";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { withdrawalQueue } from "@/lib/ops/withdrawal-queue";

export const generateMetadata = opsMetadata("withdrawals");

export default async function OpsWithdrawalsPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/withdrawals", searchParams);
  const pending = await withdrawalQueue(db, { status: "PENDING" });
  const approved = await withdrawalQueue(db, { status: "APPROVED" });
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="withdrawals">
      <WithdrawalQueue locale={locale} initial={[...pending, ...approved]} />
    </OpsFrame>
  );
}
