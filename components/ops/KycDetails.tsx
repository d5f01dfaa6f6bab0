import { DateTime } from "@/components/dashboard/DateTime";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { formatPhone } from "@/lib/format/phone";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { kycFieldLabel } from "@/lib/ops/kyc-labels";
import type { MerchantKyc } from "@/lib/ops/merchant-kyc";

const copy = defineCopy({
  fr: {
    flag: "Statut KYC du marchand",
    submitted: "Soumis le",
    review: "Examen de la soumission",
    note: "Motif du refus",
    none: "Aucune soumission KYC : le marchand n'a pas encore envoyé ses informations.",
    empty: "Non renseigné",
  },
  en: {
    flag: "Merchant's KYC status",
    submitted: "Submitted",
    review: "Review of the submission",
    note: "Reason for refusal",
    none: "No KYC submission: the merchant has not sent their details yet.",
    empty: "Not given",
  },
});

/** A KYC answer as staff read it: the contact's number grouped like every other phone number. */
const shown = (key: string, value: string) => (key === "contact_phone" ? formatPhone(value) : value);

/**
 * A merchant's KYC as staff check it: the merchant's flag, then the latest submission's fields
 * under their labels (lib/ops/kyc-labels.ts), never raw keys. Used on the merchant page and
 * beside each queued withdrawal.
 */
export function KycDetails({ kyc, locale, testId = "kyc-details" }: { kyc: MerchantKyc | null; locale: Locale; testId?: string }) {
  const t = copy[locale];
  const submission = kyc?.submission ?? null;
  return (
    <div data-testid={testId} className="text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {kyc ? (
          <>
            <dt className="font-semibold text-muted">{t.flag}</dt>
            <dd>
              <StatusBadge kind="kyc" status={kyc.kyc_status} locale={locale} />
            </dd>
          </>
        ) : null}
        {submission ? (
          <>
            <dt className="font-semibold text-muted">{t.submitted}</dt>
            <dd className="text-ink">
              <DateTime value={submission.submitted_at} locale={locale} />
            </dd>
            <dt className="font-semibold text-muted">{t.review}</dt>
            <dd>
              <StatusBadge kind="kyc" status={submission.status} locale={locale} />
            </dd>
            {submission.decision_note ? (
              <>
                <dt className="font-semibold text-muted">{t.note}</dt>
                <dd className="break-words text-ink">{submission.decision_note}</dd>
              </>
            ) : null}
            {submission.fields.map((f) => (
              <div key={f.key} className="contents">
                <dt className="font-semibold text-muted">{kycFieldLabel(f.key, locale)}</dt>
                <dd className="break-words text-ink">{f.value ? shown(f.key, f.value) : <span className="text-muted">{t.empty}</span>}</dd>
              </div>
            ))}
          </>
        ) : null}
      </dl>
      {submission ? null : <p className="mt-1 text-muted">{t.none}</p>}
    </div>
  );
}
