"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/components/data/fetch-json";
import { DateTime } from "@/components/dashboard/DateTime";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { Amount } from "@/components/ui/Amount";
import { QueuePage } from "@/components/ui/QueuePage";
import type { DisputeView } from "@/lib/secure-orders/dispute";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { DisputeDecision } from "./DisputeDecision";
import { opsCommonCopy } from "./RequestsQueue";

const copy = defineCopy({
  fr: {
    title: "Litiges",
    intro: "Commandes sécurisées contestées par l'acheteur. Ouvrez un litige pour voir les deux parties (acheteur, commande, livreur, marchand) avant de trancher. Libérer paie le marchand (frais déduits) ; rembourser rend l'argent à l'acheteur via l'opérateur.",
    reason: "Motif de l'acheteur",
    buyer: "Téléphone de l'acheteur",
    opened: "Ouvert le",
    open: "Voir les deux parties",
    done: "Litige tranché.",
  },
  en: {
    title: "Disputes",
    intro: "Secure orders the buyer disputed. Open a dispute to see both sides (buyer, order, courier, merchant) before deciding. Releasing pays the merchant (minus fees); refunding pays the buyer back through the operator.",
    reason: "Buyer's reason",
    buyer: "Buyer's phone",
    opened: "Opened",
    open: "See both sides",
    done: "Dispute decided.",
  },
});

function DisputeCard({ d, locale, onChanged }: { d: DisputeView; locale: Locale; onChanged: () => void }) {
  const t = copy[locale];
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="ops-dispute" data-reference={d.reference}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-bold break-all text-ink">{d.reference}</h2>
        <StatusBadge kind="secureOrder" status={d.status} locale={locale} />
        <StatusBadge kind="mode" status={d.mode} locale={locale} />
      </div>
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
    </li>
  );
}

export function DisputesQueue({ locale, initial }: { locale: Locale; initial: DisputeView[] }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const queryClient = useQueryClient();
  const [announce, setAnnounce] = useState("");
  const query = useQuery({ queryKey: ["ops", "disputes"], queryFn: () => apiFetch<DisputeView[]>("/ops-api/disputes?all=1"), initialData: initial, staleTime: 5_000 });
  return (
    <QueuePage title={t.title} intro={t.intro} announce={announce} items={query.data} empty={c.empty}>
      {(d) => (
        <DisputeCard
          key={`${d.id}-${d.status}`}
          d={d}
          locale={locale}
          onChanged={() => {
            setAnnounce(t.done);
            void queryClient.invalidateQueries({ queryKey: ["ops", "disputes"] });
          }}
        />
      )}
    </QueuePage>
  );
}
