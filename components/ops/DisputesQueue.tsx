"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/components/dashboard/api";
import { Badge } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import type { DisputeView } from "@/lib/secure-orders/dispute";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy } from "./RequestsQueue";

const copy = defineCopy({
  fr: {
    title: "Litiges",
    intro: "Commandes sécurisées contestées par l'acheteur. Libérer paie le marchand (frais déduits) ; rembourser rend l'argent à l'acheteur via l'opérateur.",
    reason: "Motif de l'acheteur",
    opened: "Ouvert le",
    deadline: "Livraison prévue avant le",
    release: "Libérer au marchand",
    refund: "Rembourser l'acheteur",
    confirm: (what: string) => `Confirmer : ${what.toLowerCase()}`,
    resolved: (how: string, by: string) => `Décidé : ${how === "release" ? "libéré au marchand" : "remboursé à l'acheteur"} par ${by}`,
    done: "Litige tranché.",
  },
  en: {
    title: "Disputes",
    intro: "Secure orders the buyer disputed. Releasing pays the merchant (minus fees); refunding pays the buyer back through the operator.",
    reason: "Buyer's reason",
    opened: "Opened",
    deadline: "Delivery due before",
    release: "Release to the merchant",
    refund: "Refund the buyer",
    confirm: (what: string) => `Confirm: ${what.toLowerCase()}`,
    resolved: (how: string, by: string) => `Decided: ${how === "release" ? "released to the merchant" : "refunded to the buyer"} by ${by}`,
    done: "Dispute decided.",
  },
});

function DisputeCard({ d, locale, onChanged }: { d: DisputeView; locale: Locale; onChanged: () => void }) {
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<"release" | "refund" | null>(null);
  const resolve = useMutation({
    mutationFn: (decision: "release" | "refund") => apiFetch(`/ops-api/disputes/${encodeURIComponent(d.id)}/resolve`, { method: "POST", body: { decision } }),
    onSuccess: onChanged,
  });
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="ops-dispute">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-mono text-sm font-bold break-all text-ink">{d.reference}</h2>
        <Badge tone={d.status === "DISPUTED" ? "danger" : "neutral"}>{d.status}</Badge>
        <Badge tone={d.mode === "test" ? "warning" : "success"}>{d.mode === "test" ? c.test : c.live}</Badge>
      </div>
      <p className="mt-1 text-sm text-ink">
        {d.merchant_name ?? d.merchant_id} · <Amount value={d.amount} className="font-semibold" />
      </p>
      {d.description ? <p className="mt-1 text-sm break-words text-muted">{d.description}</p> : null}
      <dl className="mt-2 text-sm">
        <dt className="font-semibold text-muted">{t.reason}</dt>
        <dd className="break-words text-ink">{d.dispute_reason}</dd>
        {d.disputed_at ? (
          <>
            <dt className="mt-1 font-semibold text-muted">{t.opened}</dt>
            <dd className="text-ink">
              <DateTime value={d.disputed_at} locale={locale} />
            </dd>
          </>
        ) : null}
      </dl>
      {d.resolution ? (
        <p className="mt-2 text-sm font-medium text-ink">{t.resolved(d.resolution, d.resolved_by ?? "")}</p>
      ) : choice ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant={choice === "refund" ? "danger" : "primary"} loading={resolve.isPending} onClick={() => resolve.mutate(choice)}>
            {t.confirm(choice === "release" ? t.release : t.refund)}
          </Button>
          <Button variant="secondary" onClick={() => setChoice(null)}>
            {c.cancel}
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setChoice("release")} disabled={!hydrated}>
            {t.release}
          </Button>
          <Button variant="secondary" onClick={() => setChoice("refund")} disabled={!hydrated}>
            {t.refund}
          </Button>
        </div>
      )}
      {resolve.error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {c.failed} {resolve.error instanceof ApiClientError ? resolve.error.message : String(resolve.error)}
        </p>
      ) : null}
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
    <div>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 max-w-prose text-muted">{t.intro}</p>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {query.data.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-line bg-surface p-5 text-muted">{c.empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {query.data.map((d) => (
            <DisputeCard
              key={`${d.id}-${d.status}`}
              d={d}
              locale={locale}
              onChanged={() => {
                setAnnounce(t.done);
                void queryClient.invalidateQueries({ queryKey: ["ops", "disputes"] });
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
