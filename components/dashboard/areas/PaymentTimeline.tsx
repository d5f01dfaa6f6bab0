import { DateTime } from "@/components/dashboard/DateTime";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import type { TimelineEntry } from "@/lib/payments/dashboard";
import { statusReasonLabel } from "@/lib/payments/reason-labels";
import type { Locale } from "@/lib/i18n/locale";
import { paymentTimelineCopy } from "./paymentTimelineCopy";
import { paymentsCopy } from "./paymentsCopy";

type Answer = { operator_status: "PENDING" | "SUCCESS" | "FAILED" | null; reason: string | null; error: string | null };

/** What the operator said to a push or a check: its status (and why), or that it could not be asked. */
function OperatorAnswer({ answer, locale }: { answer: Answer; locale: Locale }) {
  const t = paymentTimelineCopy[locale];
  if (answer.error) {
    return (
      <p className="text-sm break-words text-danger-strong" data-testid="timeline-operator-error">
        {t.unreachable} {statusReasonLabel(answer.error, locale)}
      </p>
    );
  }
  if (!answer.operator_status) return null;
  return (
    <p className="text-sm break-words text-ink" data-testid="timeline-operator-answer">
      {t.operatorSaid} <strong>{t.operator[answer.operator_status]}</strong> <code className="font-mono text-xs text-muted">{answer.operator_status}</code>
      {answer.reason ? <span className="text-muted"> · {statusReasonLabel(answer.reason, locale)}</span> : null}
    </p>
  );
}

function Entry({ entry, locale }: { entry: TimelineEntry; locale: Locale }) {
  const t = paymentTimelineCopy[locale];
  const events = paymentsCopy[locale].events;
  switch (entry.kind) {
    case "created":
      return <p className="font-semibold text-ink">{t.created}</p>;
    case "push":
      return (
        <>
          <p className="font-semibold text-ink">{t.push}</p>
          {entry.recorded ? <OperatorAnswer answer={entry} locale={locale} /> : <p className="text-sm text-muted">{t.pushUnrecorded}</p>}
        </>
      );
    case "check":
      return (
        <>
          <p className="font-semibold text-ink">{t.triggers[entry.trigger]}</p>
          {entry.answered ? <OperatorAnswer answer={entry} locale={locale} /> : <p className="text-sm text-muted">{t.unanswered}</p>}
          {entry.action && t.actions[entry.action] ? <p className="text-sm text-ink">{t.actions[entry.action]}</p> : null}
        </>
      );
    case "final":
      return (
        <>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {t.final} <StatusBadge kind="payment" status={entry.status} locale={locale} code />
          </p>
          {entry.reason ? <p className="text-sm break-words text-muted">{statusReasonLabel(entry.reason, locale)}</p> : null}
        </>
      );
    case "event":
      return (
        <>
          <p className="flex flex-wrap items-center gap-x-2 font-semibold text-ink">
            {t.event} {events[entry.type] ?? entry.type} <code className="font-mono text-xs font-normal text-muted">{entry.type}</code>
          </p>
          {entry.deliveries.length === 0 ? (
            <p className="text-sm text-muted">{t.noDelivery}</p>
          ) : (
            <ul className="mt-1 space-y-1">
              {entry.deliveries.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="timeline-delivery">
                  <span className="text-muted">{t.deliveryTo}</span>
                  <span className="min-w-0 break-all text-ink">{d.url}</span>
                  <StatusBadge kind="delivery" status={d.status} locale={locale} code />
                  <span className="text-muted">
                    {d.attempt_count} {t.attempts}
                    {d.response_status ? ` · HTTP ${d.response_status}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      );
  }
}

/** A payment's whole story, oldest first (lib/payments/dashboard.ts, paymentActivity): only renders. */
export function PaymentTimeline({ entries, locale }: { entries: TimelineEntry[]; locale: Locale }) {
  return (
    <ol className="mt-3 space-y-3 border-l-2 border-line pl-4" data-testid="payment-timeline">
      {entries.map((entry, i) => (
        <li key={`${entry.kind}-${entry.at}-${i}`} data-testid={`timeline-${entry.kind}`}>
          <Entry entry={entry} locale={locale} />
          <DateTime value={entry.at} locale={locale} className="text-sm text-muted" />
        </li>
      ))}
    </ol>
  );
}
