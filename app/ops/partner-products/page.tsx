import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { PartnerQueue } from "@/components/ops/PartnerQueue";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { listPartnerProductsForStaff } from "@/lib/partner/products";

export const generateMetadata = opsMetadata("partner-products");

export default async function OpsPartnerProductsPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/partner-products", searchParams);
  const products = await listPartnerProductsForStaff(db);
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="partner-products">
      <PartnerQueue locale={locale} initial={products} />
    </OpsFrame>
  );
}
