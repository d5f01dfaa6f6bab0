"use client";

import { Badge, type BadgeTone } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { QueuePage } from "@/components/ui/QueuePage";
import type { LateCollectionStatus } from "@/db/schema";
import type { StaffLateCollectionView } from "@/lib/payments/late-collection-staff";
import type { Locale } from "@/lib/i18n/locale";
import { lateCollectionsCopy, opsCommonCopy } from "./queues/copy";
import { DecisionStep, Fact, MerchantLine, QueueCard } from "./queues/QueueCard";
import { useLateCollectionDecision, useLateCollectionsQueue } from "./queues/use-queue";

const FILTERS: readonly LateCollectionStatus[] = ["OPEN", "CREDITED", "REFUNDED"];

const TONE: Record<LateCollectionStatus, BadgeTone> = { OPEN: "warning", CREDITED: "success", REFUNDED: "neutral" };

function LateCollectionCard({ l, locale, onChanged }: { l: StaffLateCollectionView; locale: Locale; onChanged: () => void }) {
  const t = lateCollectionsCopy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const decision = useLateCollectionDecision(l, onChanged);
  const { step, setStep } = decision;

  return (
    <QueueCard
      title={l.payment_id}
      mono
      badges={
        <>
          <Badge tone={TONE[l.status]}>{t.status[l.status]}</Badge>
          <Badge tone={l.mode === "test" ? "warning" : "success"}>{l.mode === "test" ? c.test : c.live}</Badge>
        </>
      }
      data-testid="ops-late-collection"
      data-payment-id={l.payment_id}
    >
      <MerchantLine name={l.merchant_name} id={l.merchant_id} />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label={t.amount} valueClassName="font-semibold text-ink">
          <Amount value={l.amount} />
        </Fact>
        <Fact label={t.fee}>
          <Amount value={l.fee} />
        </Fact>
        <Fact label={t.net}>
          <Amount value={l.net_amount} />
        </Fact>
        <Fact label={t.paymentWas}>{t.paymentStatus[l.payment_status] ?? l.payment_status}</Fact>
        <Fact label={t.operatorRef} className="col-span-2" valueClassName="font-mono break-all text-ink">
          {l.provider_ref ?? "—"}
        </Fact>
        <Fact label={t.arrived}>
          <DateTime value={l.created_at} locale={locale} />
        </Fact>
        <Fact label={t.purpose} valueClassName="font-mono text-xs text-ink">
          {l.payment_purpose}
          {l.partner_sale ? ` · ${t.partnerSale}` : ""}
        </Fact>
        {l.resolved_at ? (
          <Fact label={t.resolved} className="col-span-2">
            <DateTime value={l.resolved_at} locale={locale} /> · {t.by} {l.resolved_by}
          </Fact>
        ) : null}
        {l.resolution_note ? (
          <Fact label={t.note} className="col-span-2" valueClassName="break-words text-ink">
            {l.resolution_note}
          </Fact>
        ) : null}
      </dl>

      {l.status === "OPEN" && !step ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setStep("credit")} disabled={!hydrated}>
            {t.credit}
            <span className="sr-only"> {l.payment_id}</span>
          </Button>
          <Button variant="secondary" onClick={() => setStep("refund")} disabled={!hydrated}>
            {t.refund}
            <span className="sr-only"> {l.payment_id}</span>
          </Button>
        </div>
      ) : null}
      <DecisionStep decision={decision} locale={locale} label={t.noteLabel} minLength={3} maxLength={500} submit={step === "credit" ? t.confirmCredit : t.confirmRefund} danger={step === "refund"} />
    </QueueCard>
  );
}

/** The ops console's queue of late collections (app/ops/late-collections): open ones oldest first, resolved ones on demand. */
export function LateCollectionsQueue({ locale, initial }: { locale: Locale; initial: StaffLateCollectionView[] }) {
  const t = lateCollectionsCopy[locale];
  const { query, filter, setFilter, announce, changed, failure } = useLateCollectionsQueue(locale, initial);

  return (
    <QueuePage
      title={t.title}
      intro={t.intro}
      filter={<Select label={t.filter} value={filter} onChange={(e) => setFilter(e.target.value as LateCollectionStatus)} options={FILTERS.map((f) => ({ value: f, label: t.filters[f] }))} className="w-full sm:w-96" />}
      loading={query.isFetching && t.loading}
      announce={announce}
      error={failure}
      items={query.data}
      empty={t.empty}
    >
      {(l) => <LateCollectionCard key={`${l.id}-${l.status}`} l={l} locale={locale} onChanged={changed} />}
    </QueuePage>
  );
}
