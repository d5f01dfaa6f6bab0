"use client";

import Link from "next/link";
import { DateTime } from "@/components/dashboard/DateTime";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { Amount } from "@/components/ui/Amount";
import { QueuePage } from "@/components/ui/QueuePage";
import type { DisputeView } from "@/lib/secure-orders/dispute";
import type { Locale } from "@/lib/i18n/locale";
import { DisputeDecision } from "./DisputeDecision";
import { disputesCopy, opsCommonCopy } from "./queues/copy";
import { QueueCard } from "./queues/QueueCard";
import { useDisputesQueue } from "./queues/use-queue";

function DisputeCard({ d, locale, onChanged }: { d: DisputeView; locale: Locale; onChanged: () => void }) {
  const t = disputesCopy[locale];
  return (
    <QueueCard
      title={d.reference}
      mono
      badges={
        <>
          <StatusBadge kind="secureOrder" status={d.status} locale={locale} />
          <StatusBadge kind="mode" status={d.mode} locale={locale} />
        </>
      }
      data-testid="ops-dispute"
      data-reference={d.reference}
    >
      <p className="mt-1 text-sm text-ink">
        {d.merchant_name ?? d.merchant_id} · <Amount value={d.amount} className="font-semibold" />
      </p>
      {d.description ? <p className="mt-1 text-sm break-words text-muted">{d.description}</p> : null}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-muted">{t.reason}</dt>
        <dd className="break-words text-ink">{d.dispute_reason}</dd>
        <dt className="font-semibold text-muted">{t.buyer}</dt>
        <dd className="font-mono text-ink">{d.customer_phone}</dd>
        {d.disputed_at ? (
          <>
            <dt className="font-semibold text-muted">{t.opened}</dt>
            <dd className="text-ink">
              <DateTime value={d.disputed_at} locale={locale} />
            </dd>
          </>
        ) : null}
      </dl>
      <Link href={`/ops/disputes/${encodeURIComponent(d.id)}?lang=${locale}`} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline">
        {t.open}
        <span className="sr-only"> {d.reference}</span>
      </Link>
      <DisputeDecision dispute={d} locale={locale} onDecided={onChanged} />
    </QueueCard>
  );
}

export function DisputesQueue({ locale, initial }: { locale: Locale; initial: DisputeView[] }) {
  const t = disputesCopy[locale];
  const c = opsCommonCopy[locale];
  const { query, announce, changed } = useDisputesQueue(locale, initial);
  return (
    <QueuePage title={t.title} intro={t.intro} announce={announce} items={query.data} empty={c.empty}>
      {(d) => <DisputeCard key={`${d.id}-${d.status}`} d={d} locale={locale} onChanged={changed} />}
    </QueuePage>
  );
}
