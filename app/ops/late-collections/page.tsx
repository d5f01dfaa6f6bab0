import { LateCollectionsQueue } from "@/components/ops/LateCollectionsQueue";
import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { listLateCollections } from "@/lib/payments/late-collection-staff";

export const generateMetadata = opsMetadata("late-collections");

export default async function OpsLateCollectionsPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/late-collections", searchParams);
  const open = await listLateCollections(db, { status: "OPEN" });
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="late-collections">
      <LateCollectionsQueue locale={locale} initial={open} />
    </OpsFrame>
  );
}
