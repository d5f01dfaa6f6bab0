"use client";

import { Badge, type BadgeTone } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { QueuePage } from "@/components/ui/QueuePage";
import type { RefundRequestStatus } from "@/db/schema";
import { formatPhone } from "@/lib/format/phone";
import type { Locale } from "@/lib/i18n/locale";
import type { QueuedRefund } from "@/lib/refunds/queries";
import { opsCommonCopy } from "./queues/copy";
import { DecisionStep, Fact, MerchantLine, QueueCard } from "./queues/QueueCard";
import { refundQueueCopy, type RefundFilter } from "./refunds/copy";
import { useRefundDecision, useRefundQueue } from "./refunds/use-refund-queue";

const FILTERS: readonly RefundFilter[] = ["open", "REQUESTED", "APPROVED", "EXECUTED", "REFUSED", "CANCELLED"];
const TONES: Record<RefundRequestStatus, BadgeTone> = { REQUESTED: "warning", APPROVED: "info", EXECUTED: "success", REFUSED: "danger", CANCELLED: "neutral" };
const WIDE = "col-span-2 sm:col-span-4 lg:col-span-2";

function RefundCard({ r, locale, onChanged }: { r: QueuedRefund; locale: Locale; onChanged: () => void }) {
  const t = refundQueueCopy[locale];
  const hydrated = useHydrated();
  const decision = useRefundDecision(r, onChanged);
  const { step, setStep, action } = decision;
  const open = r.status === "REQUESTED" || r.status === "APPROVED";

  return (
    <QueueCard
      title={r.id}
      mono
      badges={
        <>
          <Badge tone={TONES[r.status]}>{t.statuses[r.status]}</Badge>
          <Badge tone={r.mode === "live" ? "info" : "neutral"}>{r.mode === "live" ? t.live : t.test}</Badge>
        </>
      }
      data-testid="ops-refund"
      data-id={r.id}
    >
      <MerchantLine name={r.merchant_name} id={r.merchant_id} />
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label={t.amount} valueClassName="font-semibold text-ink">
          <Amount value={r.amount} />
        </Fact>
        <Fact label={t.paymentAmount}>
          <Amount value={r.payment.amount} />
        </Fact>
        <Fact label={t.fee}>
          <Amount value={r.payment.fee_total} />
        </Fact>
        <Fact label={t.reason}>{t.reasons[r.reason]}</Fact>
        <Fact label={t.payment} className={WIDE} valueClassName="font-mono break-all text-ink">
          {r.payment_id}
        </Fact>
        {r.payment.provider_ref ? (
          <Fact label={t.providerRef} className={WIDE} valueClassName="font-mono break-all text-ink">
            {r.payment.provider_ref}
          </Fact>
        ) : null}
        {/* Staff send the money by hand: the whole number, on screen only (never in logs). */}
        <Fact label={t.phone} className={WIDE} valueClassName="font-mono break-all text-ink">
          {formatPhone(r.customer_phone)}
          {r.customer_phone !== r.payment.customer_phone ? <span className="mt-1 block font-sans font-medium text-danger">{t.otherPhone}</span> : null}
        </Fact>
        <Fact label={t.requested} className={WIDE}>
          <DateTime value={r.created_at} locale={locale} />
        </Fact>
        {r.note ? (
          <Fact label={t.note} className={WIDE} valueClassName="break-words text-ink">
            {r.note}
          </Fact>
        ) : null}
        {r.staff_note ? (
          <Fact label={t.staffNote} className={WIDE} valueClassName="break-words text-ink">
            {r.staff_note}
          </Fact>
        ) : null}
        {r.operator_reference ? (
          <Fact label={t.operatorRef} className={WIDE} valueClassName="font-mono break-all text-ink">
            {r.operator_reference}
          </Fact>
        ) : null}
      </dl>

      {open && !step ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {r.status === "REQUESTED" ? (
            <Button onClick={() => action.mutate("approve")} loading={action.isPending} disabled={!hydrated}>
              {t.approve}
              <span className="sr-only"> {r.id}</span>
            </Button>
          ) : (
            <Button onClick={() => setStep("execute")} disabled={!hydrated}>
              {t.execute}
              <span className="sr-only"> {r.id}</span>
            </Button>
          )}
          <Button variant="secondary" onClick={() => setStep("refuse")} disabled={!hydrated}>
            {t.refuse}
            <span className="sr-only"> {r.id}</span>
          </Button>
        </div>
      ) : null}
      <DecisionStep
        decision={decision}
        locale={locale}
        label={step === "execute" ? t.operatorRef : t.refuseNote}
        minLength={step === "refuse" ? 3 : undefined}
        maxLength={step === "execute" ? 40 : 500}
        submit={step === "execute" ? t.confirmExecute : t.confirmRefuse}
        danger={step === "refuse"}
      />
    </QueueCard>
  );
}

export function RefundQueue({ locale, initial }: { locale: Locale; initial: QueuedRefund[] }) {
  const t = refundQueueCopy[locale];
  const c = opsCommonCopy[locale];
  const { query, filter, setFilter, announce, changed, failure } = useRefundQueue(locale, initial);

  return (
    <QueuePage
      title={t.title}
      intro={t.intro}
      filter={<Select label={t.filter} value={filter} onChange={(e) => setFilter(e.target.value as RefundFilter)} options={FILTERS.map((f) => ({ value: f, label: t.filters[f] }))} className="w-full sm:w-96" />}
      loading={query.isFetching && t.loading}
      announce={announce}
      error={failure}
      items={query.data}
      empty={c.empty}
    >
      {(r) => <RefundCard key={`${r.id}-${r.status}`} r={r} locale={locale} onChanged={changed} />}
    </QueuePage>
  );
}
