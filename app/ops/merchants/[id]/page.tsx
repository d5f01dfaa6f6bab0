import Link from "next/link";
import { notFound } from "next/navigation";
import { DateTime } from "@/components/dashboard/DateTime";
import { AuditList } from "@/components/ops/AuditList";
import { KycDetails } from "@/components/ops/KycDetails";
import { MerchantEditor } from "@/components/ops/MerchantEditor";
import { MerchantTeam } from "@/components/ops/MerchantTeam";
import { MerchantBooks } from "@/components/ops/books/MerchantBooks";
import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { auditSearchQuery, searchAudit } from "@/lib/audit/staff-filters";
import { opsMerchant } from "@/lib/ops/merchants";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { isApiError } from "@/lib/core/errors";
import { defineCopy } from "@/lib/i18n/dictionary";
import { merchantOverview } from "@/lib/ops/merchant-overview";
import { listMembers } from "@/lib/team/members";

export const generateMetadata = opsMetadata("merchants");

const copy = defineCopy({
  fr: {
    created: "Créé le",
    users: "Comptes",
    label: "Libellé opérateur",
    kyc: "Informations KYC",
    history: "Historique (journal d'audit)",
    older: "Entrées plus anciennes",
    filter: "Filtrer le journal de ce marchand",
  },
  en: {
    created: "Created",
    users: "Accounts",
    label: "Operator label",
    kyc: "KYC details",
    history: "History (audit log)",
    older: "Older entries",
    filter: "Filter this merchant's log",
  },
});

export default async function OpsMerchantPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { staff, locale, db } = await opsPage(`/ops/merchants/${encodeURIComponent(id)}`, searchParams);
  const merchant = await opsMerchant(db, id).catch((e: unknown) => {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const [overview, members, audit] = await Promise.all([merchantOverview(db, id), listMembers(db, id), searchAudit(db, { merchant: id })]);
  const t = copy[locale];
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="merchants">
      <h1 className="text-2xl font-bold break-words text-ink">{merchant.name}</h1>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-muted">Id</dt>
        <dd className="font-mono break-all text-ink">{merchant.id}</dd>
        <dt className="font-semibold text-muted">{t.created}</dt>
        <dd className="text-ink">
          <DateTime value={merchant.created_at} locale={locale} />
        </dd>
        <dt className="font-semibold text-muted">{t.users}</dt>
        <dd className="break-all text-ink">{merchant.users.join(", ") || "—"}</dd>
        <dt className="font-semibold text-muted">{t.label}</dt>
        <dd className="font-mono break-all text-ink">{merchant.operator_label}</dd>
      </dl>
      <section aria-labelledby="kyc-submission" className="mt-6 rounded-2xl border border-line bg-surface p-4 sm:p-5">
        <h2 id="kyc-submission" className="mb-2 text-lg font-semibold text-ink">
          {t.kyc}
        </h2>
        <KycDetails kyc={overview.kyc} locale={locale} />
      </section>
      <div className="mt-6">
        <MerchantEditor key={merchant.id} locale={locale} merchant={merchant} />
      </div>
      <MerchantBooks overview={overview} merchantId={merchant.id} locale={locale} />
      <div className="mt-6">
        <MerchantTeam locale={locale} merchantId={merchant.id} members={members} />
      </div>
      <section aria-labelledby="history" className="mt-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="history" className="text-lg font-semibold text-ink">
            {t.history}
          </h2>
          <Link href={`/ops/audit?${auditSearchQuery({ merchant: merchant.id }, { lang: locale })}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline">
            {t.filter}
          </Link>
        </div>
        <AuditList entries={audit.entries} locale={locale} headingLevel={3} />
        {audit.next ? (
          <p className="mt-3">
            <Link href={`/ops/audit?${auditSearchQuery({ merchant: merchant.id }, { before: audit.next, lang: locale })}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
              {t.older}
            </Link>
          </p>
        ) : null}
      </section>
    </OpsFrame>
  );
}
