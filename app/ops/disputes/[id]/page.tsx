import Link from "next/link";
import { notFound } from "next/navigation";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { AuditList } from "@/components/ops/AuditList";
import { DisputeDecision } from "@/components/ops/DisputeDecision";
import { DisputeSides } from "@/components/ops/DisputeSides";
import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { isApiError } from "@/lib/core/errors";
import { defineCopy } from "@/lib/i18n/dictionary";
import { disputeDetail } from "@/lib/ops/dispute-detail";

export const generateMetadata = opsMetadata("disputes");

const copy = defineCopy({
  fr: { title: (ref: string) => `Litige ${ref}`, back: "Tous les litiges", decision: "Décision", decisions: "Décisions enregistrées (journal d'audit)" },
  en: { title: (ref: string) => `Dispute ${ref}`, back: "All disputes", decision: "Decision", decisions: "Recorded decisions (audit log)" },
});

export default async function OpsDisputePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { staff, locale, db } = await opsPage(`/ops/disputes/${encodeURIComponent(id)}`, searchParams);
  const detail = await disputeDetail(db, id).catch((e: unknown) => {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const t = copy[locale];
  const { order } = detail;
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="disputes">
      <p>
        <Link href={`/ops/disputes?lang=${locale}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline">
          ← {t.back}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold break-all text-ink">{t.title(order.reference)}</h1>
        <StatusBadge kind="secureOrder" status={order.status} locale={locale} />
        <StatusBadge kind="mode" status={order.mode} locale={locale} />
      </div>
      <div className="mt-4">
        <DisputeSides detail={detail} locale={locale} />
      </div>
      <section aria-labelledby="dispute-decision" className="mt-4 rounded-2xl border border-line bg-surface p-4 sm:p-5">
        <h2 id="dispute-decision" className="text-lg font-semibold text-ink">
          {t.decision}
        </h2>
        {order.status === "DISPUTED" || order.resolution ? <DisputeDecision dispute={{ id: order.id, reference: order.reference, resolution: order.resolution, resolved_by: order.resolved_by }} locale={locale} /> : null}
        {detail.audit.length ? (
          <>
            <h3 className="mt-4 mb-2 font-semibold text-ink">{t.decisions}</h3>
            <AuditList entries={detail.audit} locale={locale} headingLevel={3} />
          </>
        ) : null}
      </section>
    </OpsFrame>
  );
}
