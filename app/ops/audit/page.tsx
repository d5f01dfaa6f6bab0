import { AuditList } from "@/components/ops/AuditList";
import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { db } from "@/db/client";
import { auditView, listAudit } from "@/lib/audit/record";
import { opsPage, type SearchParams } from "@/lib/auth/page";
import { defineCopy } from "@/lib/i18n/dictionary";

export const generateMetadata = opsMetadata("audit");

const copy = defineCopy({
  fr: { title: "Journal d'audit", intro: "Toutes les actions du personnel (console et ligne de commande), les plus récentes d'abord. Le journal ne peut être ni modifié ni effacé." },
  en: { title: "Audit log", intro: "Every staff action (console and command line), newest first. The log can be neither changed nor deleted." },
});

export default async function OpsAuditPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale } = await opsPage("/ops/audit", searchParams);
  const entries = (await listAudit(db(), { limit: 200 })).map(auditView);
  const t = copy[locale];
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="audit">
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 mb-4 max-w-prose text-muted">{t.intro}</p>
      <AuditList entries={entries} locale={locale} />
    </OpsFrame>
  );
}
