"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { PageFrame } from "@/components/ui/PageFrame";
import { parseAmountInput } from "@/lib/format/amount-input";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import { approvalCopy } from "./approval-copy";
import { useApprovalThreshold } from "./use-withdrawal-approval";

/**
 * The approval threshold: on or off, and the amount above which a withdrawal waits for a second
 * owner or admin. Other roles read it; the API checks the bounds and the role.
 */
export function ApprovalThresholdForm({ locale, initial, canEdit }: { locale: Locale; initial: { threshold: number | null }; canEdit: boolean }) {
  const t = approvalCopy[locale];
  const { threshold, save, errorCode } = useApprovalThreshold(initial);
  const [enabled, setEnabled] = useState(initial.threshold !== null);
  const [amount, setAmount] = useState(initial.threshold === null ? "" : String(initial.threshold));
  const [unreadable, setUnreadable] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) {
      setUnreadable(false);
      save.mutate(null);
      return;
    }
    const n = parseAmountInput(amount);
    setUnreadable(n === null);
    if (n !== null) save.mutate(n);
  };
  const fieldError = unreadable ? t.unreadable : errorCode === "INVALID_APPROVAL_THRESHOLD" ? t.errors.INVALID_APPROVAL_THRESHOLD : undefined;
  const otherError = errorCode && errorCode !== "INVALID_APPROVAL_THRESHOLD" ? (t.errors[errorCode] ?? t.errors.other) : null;

  return (
    <PageFrame title={t.settingsTitle} description={t.settingsIntro}>
      <p className="mt-4 text-sm text-ink" data-testid="approval-threshold-current">
        {t.current(threshold === null ? null : formatXof(threshold))}
      </p>
      {canEdit ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4 rounded-2xl border border-line bg-surface p-5">
          <label className="flex items-start gap-3">
            <input type="checkbox" name="enabled" className="mt-1 size-5 shrink-0" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            <span className="font-medium text-ink">{t.enabled}</span>
          </label>
          {enabled ? (
            <Field label={t.threshold} name="threshold" inputMode="numeric" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} hint={t.thresholdHint} error={fieldError} />
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
            {save.isSuccess && !save.isPending ? (
              <Alert tone="success" variant="inline">
                {t.saved}
              </Alert>
            ) : null}
            {otherError ? <Alert variant="inline">{otherError}</Alert> : null}
          </div>
        </form>
      ) : (
        <p className="mt-3 text-sm text-muted">{t.readOnly}</p>
      )}
    </PageFrame>
  );
}
