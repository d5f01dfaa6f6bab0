import { AuditLogView } from "@/components/dashboard/audit/AuditLogView";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { merchantAuditPage } from "@/lib/audit/merchant-log";
import { dashboardPage, type SearchParams } from "@/lib/http/page";

export const generateMetadata = dashboardMetadata("audit");

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/settings/audit", "audit.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="audit" />;
  const requested = Number((await searchParams).page);
  const log = await merchantAuditPage(ctx.db, ctx.merchant.id, Number.isInteger(requested) && requested > 0 ? requested : 1);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="audit">
      <AuditLogView locale={locale} entries={log.entries} page={log.page} pages={log.pages} />
    </DashboardFrame>
  );
}
