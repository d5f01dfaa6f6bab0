"use client";

import { Badge } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Amount } from "@/components/ui/Amount";
import { QueuePage } from "@/components/ui/QueuePage";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy, partnerCopy } from "./queues/copy";
import { QueueCard, ReviewActions } from "./queues/QueueCard";
import { usePartnerQueue, useProductReview, type StaffProduct } from "./queues/use-queue";

function ProductCard({ p, locale, onChanged, onStale }: { p: StaffProduct; locale: Locale; onChanged: () => void; onStale: () => void }) {
  const t = partnerCopy[locale];
  const c = opsCommonCopy[locale];
  const review = useProductReview(p, onChanged, onStale);
  return (
    <QueueCard title={p.name} badges={<Badge tone={p.mode === "test" ? "warning" : "success"}>{p.mode === "test" ? c.test : c.live}</Badge>} data-testid="ops-partner-product">
      <p className="mt-1 text-sm text-ink">{p.merchant_name ?? p.merchant_id}</p>
      {p.description ? <p className="mt-2 text-sm break-words text-muted">{p.description}</p> : null}
      <p className="mt-2 text-sm text-ink">
        {t.price} : <Amount value={p.price} className="font-semibold" /> · {t.proposed} <DateTime value={p.created_at} locale={locale} />
      </p>
      <ReviewActions review={review} locale={locale} approve={t.approve} reject={t.reject} confirmReject={t.confirmReject} noteLabel={t.noteOptional} name={p.name} />
    </QueueCard>
  );
}

export function PartnerQueue({ locale, initial }: { locale: Locale; initial: StaffProduct[] }) {
  const t = partnerCopy[locale];
  const c = opsCommonCopy[locale];
  const { query, announce, changed, reload } = usePartnerQueue(locale, initial);
  return (
    <QueuePage title={t.title} intro={t.intro} announce={announce} items={query.data} empty={c.empty}>
      {(p) => <ProductCard key={p.id} p={p} locale={locale} onChanged={changed} onStale={reload} />}
    </QueuePage>
  );
}
