import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { RefundQueue } from "@/components/ops/RefundQueue";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { refundQueue } from "@/lib/refunds/queries";

export const generateMetadata = opsMetadata("refunds");

export default async function OpsRefundsPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/refunds", searchParams);
  const open = await refundQueue(db, { statuses: ["REQUESTED", "APPROVED"] });
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="refunds">
      <RefundQueue locale={locale} initial={open} />
    </OpsFrame>
  );
}
