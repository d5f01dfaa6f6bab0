import { notFound } from "next/navigation";
import { DateTime } from "@/components/dashboard/DateTime";
import { AuditList } from "@/components/ops/AuditList";
import { MerchantEditor } from "@/components/ops/MerchantEditor";
import { MerchantTeam } from "@/components/ops/MerchantTeam";
import { MerchantBooks } from "@/components/ops/books/MerchantBooks";
import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { db } from "@/db/client";
import { auditView, listAudit } from "@/lib/audit/record";
import { opsMerchant } from "@/lib/auth/ops";
import { opsPage, type SearchParams } from "@/lib/auth/page";
import { latestRequests } from "@/lib/auth/requests";
import { isApiError } from "@/lib/http/errors";
import { defineCopy } from "@/lib/i18n/dictionary";
import { listMembers } from "@/lib/team/members";

export const generateMetadata = opsMetadata("merchants");

const copy = defineCopy({
  fr: {
    created: "Créé le",
    users: "Comptes",
    label: "Libellé opérateur",
    kycSubmission: "Dernière soumission KYC",
    none: "Aucune",
    status: { pending: "en attente", approved: "approuvée", rejected: "refusée" },
    history: "Historique (journal d'audit)",
  },
  en: {
    created: "Created",
    users: "Accounts",
    label: "Operator label",
    kycSubmission: "Latest KYC submission",
    none: "None",
    status: { pending: "pending", approved: "approved", rejected: "rejected" },
    history: "History (audit log)",
  },
});

export default async function OpsMerchantPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { staff, locale } = await opsPage(`/ops/merchants/${encodeURIComponent(id)}`, searchParams);
  const merchant = await opsMerchant(db(), id).catch((e: unknown) => {
    if (isApiError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const [requests, members] = await Promise.all([latestRequests(db(), id), listMembers(db(), id)]);
  const audit = (await listAudit(db(), { merchantId: id, limit: 100 })).map(auditView);
  const t = copy[locale];
  const kyc = requests.kyc;
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
      <div className="mt-6">
        <MerchantEditor key={merchant.id} locale={locale} merchant={merchant} />
      </div>
      <div className="mt-6">
        <MerchantTeam locale={locale} merchantId={merchant.id} members={members} />
      </div>
      <MerchantBooks db={db()} merchantId={merchant.id} locale={locale} />
      <section aria-labelledby="kyc-submission" className="mt-6 rounded-2xl border border-line bg-surface p-5">
        <h2 id="kyc-submission" className="text-lg font-semibold text-ink">
          {t.kycSubmission}
        </h2>
        {kyc ? (
          <>
            <p className="mt-1 text-sm text-muted">
              <DateTime value={kyc.created_at} locale={locale} /> · {t.status[kyc.status]}
              {kyc.decision_note ? ` · ${kyc.decision_note}` : ""}
            </p>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              {Object.entries(kyc.payload).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-mono text-muted">{k}</dt>
                  <dd className="break-words text-ink">{String(v) || "—"}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">{t.none}</p>
        )}
      </section>
      <section aria-labelledby="history" className="mt-6">
        <h2 id="history" className="mb-3 text-lg font-semibold text-ink">
          {t.history}
        </h2>
        <AuditList entries={audit} locale={locale} headingLevel={3} />
      </section>
    </OpsFrame>
  );
}
