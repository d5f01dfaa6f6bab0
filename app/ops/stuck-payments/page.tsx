import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { StuckPaymentsTable } from "@/components/ops/stuck/StuckPaymentsTable";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { listStuckPayments } from "@/lib/payments/recheck-stuck";

export const generateMetadata = opsMetadata("stuck-payments");

export default async function OpsStuckPaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/stuck-payments", searchParams);
  const { merchant_id: merchantId } = await searchParams;
  const rows = await listStuckPayments(db, { merchantId: typeof merchantId === "string" && merchantId ? merchantId : undefined });
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="stuck-payments">
      <StuckPaymentsTable rows={rows} locale={locale} />
    </OpsFrame>
  );
}
