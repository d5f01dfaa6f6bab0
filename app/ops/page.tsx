import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { RequestsQueue } from "@/components/ops/RequestsQueue";
import { pendingRequests } from "@/lib/ops/merchants";
import { opsPage, type SearchParams } from "@/lib/http/page";

export const generateMetadata = opsMetadata("overview");

export default async function OpsHomePage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops", searchParams);
  const requests = await pendingRequests(db);
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="overview">
      <RequestsQueue locale={locale} initial={requests} />
    </OpsFrame>
  );
}
