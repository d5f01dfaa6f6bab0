import { opsMetadata } from "@/components/ops/metadata";
import { DisputesQueue } from "@/components/ops/DisputesQueue";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { listDisputes } from "@/lib/secure-orders/dispute";

export const generateMetadata = opsMetadata("disputes");

export default async function OpsDisputesPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/disputes", searchParams);
  const disputes = await listDisputes(db, { includeResolved: true });
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="disputes">
      <DisputesQueue locale={locale} initial={disputes} />
    </OpsFrame>
  );
}
