"use client";

import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { QueuePage } from "@/components/ui/QueuePage";
import { formatPhone } from "@/lib/format/phone";
import type { QueuedWithdrawal } from "@/lib/ops/withdrawal-queue";
import type { Locale } from "@/lib/i18n/locale";
import { KycDetails } from "./KycDetails";
import { opsCommonCopy, withdrawalQueueCopy, type QueueFilter } from "./queues/copy";
import { DecisionStep, Fact, MerchantLine, QueueCard } from "./queues/QueueCard";
import { useWithdrawalDecision, useWithdrawalQueue } from "./queues/use-queue";

const FILTERS: readonly QueueFilter[] = ["open", "PENDING", "APPROVED", "COMPLETED", "REJECTED", "CANCELLED"];
const WIDE = "col-span-2 sm:col-span-4 lg:col-span-2";

function WithdrawalCard({ w, locale, onChanged }: { w: QueuedWithdrawal; locale: Locale; onChanged: () => void }) {
  const t = withdrawalQueueCopy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const decision = useWithdrawalDecision(w, onChanged);
  const { step, setStep, action } = decision;
  // Both numbers are stored in E.164 (lib/phone), so equal strings are the same number.
  const declared = w.kyc?.submission?.fields.find((f) => f.key === "contact_phone")?.value;
  const phoneCheck = declared ? (declared === w.phone_number ? "same" : "other") : null;

  return (
    <QueueCard
      title={w.reference}
      mono
      badges={
        <>
          <StatusBadge kind="withdrawal" status={w.status} locale={locale} />
          <StatusBadge kind="mode" status={w.mode} locale={locale} />
        </>
      }
      data-testid="ops-withdrawal"
      data-reference={w.reference}
    >
      <MerchantLine name={w.merchant_name} id={w.merchant_id} />
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <dl className="grid content-start grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 lg:grid-cols-2">
          <Fact label={t.amount} valueClassName="font-semibold text-ink">
            <Amount value={w.amount} />
          </Fact>
          <Fact label={t.fee}>
            <Amount value={w.fee} />
          </Fact>
          <Fact label={t.net} valueClassName="font-semibold text-ink">
            <Amount value={w.net_amount} />
          </Fact>
          <Fact label={t.phone} valueClassName="font-mono break-all text-ink">
            {formatPhone(w.phone_number)}
          </Fact>
          <Fact label={t.requested} className={WIDE}>
            <DateTime value={w.created_at} locale={locale} />
          </Fact>
          {w.notes ? (
            <Fact label={t.notes} className={WIDE} valueClassName="break-words text-ink">
              {w.notes}
            </Fact>
          ) : null}
          {w.operator_reference ? (
            <Fact label={t.operatorRef} className={WIDE} valueClassName="font-mono break-all text-ink">
              {w.operator_reference}
            </Fact>
          ) : null}
          {w.rejection_reason ? (
            <Fact label={t.rejection} className={WIDE} valueClassName="break-words text-ink">
              {w.rejection_reason}
            </Fact>
          ) : null}
        </dl>
        <section aria-labelledby={`kyc-${w.id}`} className="rounded-xl border border-line p-3" data-testid="withdrawal-kyc">
          <h3 id={`kyc-${w.id}`} className="mb-2 font-semibold text-ink">
            {t.kyc}
          </h3>
          <KycDetails kyc={w.kyc} locale={locale} />
          {phoneCheck ? <p className={`mt-2 text-sm font-medium ${phoneCheck === "same" ? "text-ink" : "text-danger"}`}>{phoneCheck === "same" ? t.samePhone : t.otherPhone}</p> : null}
          <a href={`/ops/merchants/${encodeURIComponent(w.merchant_id)}?lang=${locale}`} className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline">
            {t.merchantPage}
            <span className="sr-only"> {w.merchant_name}</span>
          </a>
        </section>
      </div>

      {w.status === "PENDING" && !step ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => action.mutate("approve")} loading={action.isPending} disabled={!hydrated}>
            {t.approve}
            <span className="sr-only"> {w.reference}</span>
          </Button>
          <Button variant="secondary" onClick={() => setStep("reject")} disabled={!hydrated}>
            {t.reject}
            <span className="sr-only"> {w.reference}</span>
          </Button>
        </div>
      ) : null}
      {w.status === "APPROVED" && !step ? (
        <div className="mt-3">
          <Button onClick={() => setStep("complete")} disabled={!hydrated}>
            {t.complete}
            <span className="sr-only"> {w.reference}</span>
          </Button>
        </div>
      ) : null}
      <DecisionStep
        decision={decision}
        locale={locale}
        label={step === "complete" ? t.operatorRef : c.reason}
        maxLength={step === "complete" ? 128 : 500}
        submit={step === "complete" ? t.confirmComplete : t.confirmReject}
        danger={step === "reject"}
      />
    </QueueCard>
  );
}

export function WithdrawalQueue({ locale, initial }: { locale: Locale; initial: QueuedWithdrawal[] }) {
  const t = withdrawalQueueCopy[locale];
  const c = opsCommonCopy[locale];
  const { query, filter, setFilter, announce, changed, failure } = useWithdrawalQueue(locale, initial);

  return (
    <QueuePage
      title={t.title}
      intro={t.intro}
      filter={<Select label={t.filter} value={filter} onChange={(e) => setFilter(e.target.value as QueueFilter)} options={FILTERS.map((f) => ({ value: f, label: t.filters[f] }))} className="w-full sm:w-96" />}
      loading={query.isFetching && t.loading}
      announce={announce}
      error={failure}
      items={query.data}
      empty={c.empty}
    >
      {(w) => <WithdrawalCard key={`${w.id}-${w.status}`} w={w} locale={locale} onChanged={changed} />}
    </QueuePage>
  );
}
