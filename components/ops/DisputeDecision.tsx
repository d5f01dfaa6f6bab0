"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { DisputeView } from "@/lib/secure-orders/dispute";
import { opsCommonCopy } from "./RequestsQueue";
import { QueueFailure } from "@/components/ui/QueuePage";

const copy = defineCopy({
  fr: {
    release: "Libérer au marchand",
    refund: "Rembourser l'acheteur",
    confirm: (what: string) => `Confirmer : ${what.toLowerCase()}`,
    resolved: (how: string, by: string) => `Décidé : ${how === "release" ? "libéré au marchand" : "remboursé à l'acheteur"} par ${by}`,
  },
  en: {
    release: "Release to the merchant",
    refund: "Refund the buyer",
    confirm: (what: string) => `Confirm: ${what.toLowerCase()}`,
    resolved: (how: string, by: string) => `Decided: ${how === "release" ? "released to the merchant" : "refunded to the buyer"} by ${by}`,
  },
});

/**
 * Staff's decision on a dispute, in two steps (choose, then confirm); the decided one says who
 * decided what. Without `onDecided` (a server-rendered page), the page is rendered again.
 */
export function DisputeDecision({ dispute, locale, onDecided }: { dispute: Pick<DisputeView, "id" | "reference" | "resolution" | "resolved_by">; locale: Locale; onDecided?: () => void }) {
  const router = useRouter();
  const t = copy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<"release" | "refund" | null>(null);
  const resolve = useMutation({
    mutationFn: (decision: "release" | "refund") => apiFetch(`/ops-api/disputes/${encodeURIComponent(dispute.id)}/resolve`, { method: "POST", body: { decision } }),
    onSuccess: () => (onDecided ? onDecided() : router.refresh()),
  });
  return (
    <>
      {dispute.resolution ? (
        <p className="mt-2 text-sm font-medium text-ink">{t.resolved(dispute.resolution, dispute.resolved_by ?? "")}</p>
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
            <span className="sr-only"> {dispute.reference}</span>
          </Button>
          <Button variant="secondary" onClick={() => setChoice("refund")} disabled={!hydrated}>
            {t.refund}
            <span className="sr-only"> {dispute.reference}</span>
          </Button>
        </div>
      )}
      <QueueFailure label={c.failed} error={resolve.error} />
    </>
  );
}
