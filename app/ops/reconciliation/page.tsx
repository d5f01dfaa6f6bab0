import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { ReconciliationView } from "@/components/ops/reconciliation/ReconciliationView";
import { systemNow } from "@/lib/clock";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { StatementDay, statementDayBefore } from "@/lib/reconciliation/import";
import { reconciliationReport, recentStatements } from "@/lib/reconciliation/report";

export const generateMetadata = opsMetadata("reconciliation");

export default async function OpsReconciliationPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/reconciliation", searchParams);
  const asked = StatementDay.safeParse((await searchParams).day);
  const day = asked.success ? asked.data : statementDayBefore(systemNow());
  const [report, recent] = await Promise.all([reconciliationReport(db, day), recentStatements(db)]);
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="reconciliation">
      <ReconciliationView key={day} day={day} initial={report} recent={recent} locale={locale} />
    </OpsFrame>
  );
}
