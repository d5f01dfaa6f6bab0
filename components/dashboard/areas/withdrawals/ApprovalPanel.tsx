"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import type { Locale } from "@/lib/i18n/locale";
import type { WithdrawalResource } from "@/lib/withdrawals/schemas";
import { ConfirmInline } from "../../ConfirmInline";
import { DateTime } from "../../DateTime";
import { approvalCopy } from "./approval-copy";
import { useWithdrawalDecision } from "./use-withdrawal-approval";

/** Who is looking: the audit actor they act as ("user:<id>") and whether their role may decide. */
export type ApprovalViewer = { actor: string; canApprove: boolean };

/**
 * The team's second approval on a withdrawal's page: what it waits for and, for an owner or admin
 * other than the requester, the approve and refuse buttons (the requester and other roles read
 * why they have none); once decided, the decision.
 */
export function ApprovalPanel({ w: initial, locale, viewer }: { w: WithdrawalResource; locale: Locale; viewer: ApprovalViewer }) {
  const t = approvalCopy[locale];
  const { w, approve, refuse, error, notice } = useWithdrawalDecision({ locale, initial });
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState("");
  if (!w.approval) return null;
  const awaiting = w.status === "AWAITING_APPROVAL";
  const mine = w.approval.requested_by === viewer.actor;
  const busy = approve.isPending || refuse.isPending;
  return (
    <section aria-labelledby="wd-approval" className="mt-6 rounded-2xl border border-line bg-surface p-5" data-testid="withdrawal-approval">
      <h2 id="wd-approval" className="text-lg font-semibold text-ink">
        {t.panelTitle}
      </h2>
      {awaiting ? (
        <>
          <p className="mt-2 text-sm text-ink">{t.awaitingWhy}</p>
          {w.approval.requested_by?.startsWith("api_key:") ? <p className="mt-1 text-sm text-muted">{t.requestedByKey}</p> : null}
          {mine ? (
            <p className="mt-3 rounded-lg border border-accent bg-warning px-3 py-2 text-sm text-warning-ink" data-testid="approval-self">
              {t.requestedByYou}
            </p>
          ) : !viewer.canApprove ? (
            <p className="mt-3 text-sm text-muted">{t.notApprover}</p>
          ) : refusing ? (
            <ConfirmInline question={t.confirmRefuse} yes={t.refuse} no={t.keep} busy={refuse.isPending} onYes={() => refuse.mutate(reason)} onNo={() => setRefusing(false)}>
              <label className="block text-sm">
                <span className="font-medium text-ink">{t.reason}</span>
                <textarea
                  name="reason"
                  maxLength={500}
                  rows={3}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  className="mt-1 block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink"
                />
              </label>
            </ConfirmInline>
          ) : (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button onClick={() => approve.mutate()} loading={approve.isPending} disabled={busy}>
                {t.approve}
              </Button>
              <Button variant="secondary" onClick={() => setRefusing(true)} disabled={busy}>
                {t.refuse}
              </Button>
            </div>
          )}
        </>
      ) : w.approval.decided_at ? (
        <p className="mt-2 text-sm text-ink" data-testid="approval-decision">
          <span className="font-semibold">{w.status === "CANCELLED" && w.cancellation_reason === "refused" ? t.decidedRefused : t.decidedApproved}</span> ·{" "}
          <DateTime value={w.approval.decided_at} locale={locale} className="text-muted" />
          {w.approval.refusal_reason ? (
            <span className="mt-1 block break-words">
              {t.refusalReason} {w.approval.refusal_reason}
            </span>
          ) : null}
        </p>
      ) : null}
      <div className="mt-3" aria-live="polite">
        {error ? <Alert>{error}</Alert> : null}
        {notice ? (
          <Alert tone="success" variant="inline">
            {notice}
          </Alert>
        ) : null}
      </div>
    </section>
  );
}
