"use client";

import Link from "next/link";
import { DateTime } from "@/components/dashboard/DateTime";
import { QueuePage } from "@/components/ui/QueuePage";
import type { QueuedRequest } from "@/lib/ops/merchants";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy, requestsCopy } from "./queues/copy";
import { QueueCard, ReviewActions } from "./queues/QueueCard";
import { useRequestReview, useRequestsQueue } from "./queues/use-queue";

function RequestCard({ r, locale, onChanged }: { r: QueuedRequest; locale: Locale; onChanged: () => void }) {
  const t = requestsCopy[locale];
  const c = opsCommonCopy[locale];
  const review = useRequestReview(r, onChanged);

  return (
    <QueueCard title={t.kinds[r.kind]} badges={<span className="text-ink">· {r.merchant_name}</span>} data-testid="ops-request">
      <p className="mt-1 text-xs text-muted">
        {t.received} <DateTime value={r.created_at} locale={locale} /> · <code className="font-mono">{r.merchant_id}</code>
      </p>
      {r.kind === "kyc" ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(r.payload)
            .filter(([, v]) => v !== "")
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-semibold text-muted">{t.fields[k] ?? k}</dt>
                <dd className="break-words text-ink">{String(v)}</dd>
              </div>
            ))}
        </dl>
      ) : null}
      {r.kind === "secure_orders_pilot" ? <p className="mt-2 text-sm text-ink">{t.pilot}</p> : null}
      {r.kind === "platform_plan" ? (
        <p className="mt-2 text-sm text-ink">
          {t.plan} <strong>{String(r.payload.plan)}</strong>
        </p>
      ) : null}
      {/* A pilot request is answered by enabling the feature; there is nothing to reject. */}
      <ReviewActions
        review={review}
        locale={locale}
        approve={t.approve[r.kind]}
        reject={t.reject}
        confirmReject={t.confirmReject}
        noteLabel={c.reason}
        noteRequired
        canReject={r.kind !== "secure_orders_pilot"}
      >
        <Link href={`/ops/merchants/${encodeURIComponent(r.merchant_id)}`} className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand underline">
          {t.merchant}
          <span className="sr-only"> {r.merchant_name}</span>
        </Link>
      </ReviewActions>
    </QueueCard>
  );
}

export function RequestsQueue({ locale, initial }: { locale: Locale; initial: QueuedRequest[] }) {
  const t = requestsCopy[locale];
  const c = opsCommonCopy[locale];
  const { query, announce, changed } = useRequestsQueue(locale, initial);
  return (
    <QueuePage title={t.title} intro={t.intro} announce={announce} items={query.data} empty={c.empty}>
      {(r) => <RequestCard key={r.id} r={r} locale={locale} onChanged={changed} />}
    </QueuePage>
  );
}
