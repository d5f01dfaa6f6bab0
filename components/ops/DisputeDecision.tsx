"use client";

import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import type { Locale } from "@/lib/i18n/locale";
import type { DisputeView } from "@/lib/secure-orders/dispute";
import { QueueFailure } from "@/components/ui/QueuePage";
import { disputeDecisionCopy, opsCommonCopy } from "./queues/copy";
import { useDisputeDecision } from "./queues/use-queue";

/**
 * Staff's decision on a dispute, in two steps (choose, then confirm); the decided one says who
 * decided what.
 */
export function DisputeDecision({ dispute, locale, onDecided }: { dispute: Pick<DisputeView, "id" | "reference" | "resolution" | "resolved_by">; locale: Locale; onDecided?: () => void }) {
  const t = disputeDecisionCopy[locale];
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const { choice, setChoice, resolve } = useDisputeDecision(dispute.id, onDecided);
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
