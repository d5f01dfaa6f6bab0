"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { PortalView } from "@/lib/portal/sessions";
import { portalCopy } from "./copy";

type Result = { ok: true; redirectTo?: string } | { ok: false; code: string };
type Sub = PortalView["subscriptions"][number];

const BADGE: Record<Sub["status"], string> = {
  ACTIVE: "bg-brand-soft text-brand",
  PAST_DUE: "bg-warning text-warning-ink",
  CANCELLED: "bg-canvas text-muted",
};

/** One subscription: what it costs and when it is charged; pay an overdue period now; cancel after a confirmation. */
export function SubscriptionCard({ locale, sub, cancel, payNow }: { locale: Locale; sub: Sub; cancel: (id: string) => Promise<Result>; payNow: (id: string) => Promise<Result> }) {
  const t = portalCopy[locale];
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, start] = useTransition();
  const [paying, setPaying] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const headingId = `sub-${sub.id}`;

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  const onCancel = () =>
    start(async () => {
      setError(null);
      const r = await cancel(sub.id);
      if (r.ok) {
        setConfirming(false);
        setDone(true);
      } else setError(t.error);
    });

  const onPay = async () => {
    setError(null);
    setPaying(true);
    const r = await payNow(sub.id);
    if (r.ok && r.redirectTo) {
      window.location.assign(r.redirectTo);
      return;
    }
    setPaying(false);
    setError(t.error);
  };

  return (
    <li className="rounded-2xl border border-line bg-surface p-5 shadow-sm" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold break-words text-ink">
          {sub.planName}
        </h3>
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE[sub.status]}`}>{t.status[sub.status]}</span>
      </div>
      <p className="mt-1 text-ink">
        <Amount value={sub.amount} className="font-semibold" /> {sub.interval === "WEEKLY" ? t.perWeek : t.perMonth}
      </p>
      {sub.status === "ACTIVE" && !done ? (
        <p className="mt-1 text-sm text-muted">
          {t.nextBilling} <time dateTime={sub.nextBillingDate}>{formatBamako(sub.nextBillingDate, locale)}</time>
        </p>
      ) : null}

      {sub.status === "PAST_DUE" && sub.overdueAmount !== null ? (
        <div className="mt-4 rounded-xl border-l-4 border border-warning-ink bg-warning p-4 text-warning-ink">
          <p className="font-semibold">{t.overdue(formatXof(sub.overdueAmount))}</p>
          {sub.paymentInProgress ? <p className="mt-1 text-sm">{t.paymentInProgress}</p> : sub.nextRetryAt ? <p className="mt-1 text-sm">{t.nextRetry(formatBamako(sub.nextRetryAt, locale))}</p> : null}
          <Button className="mt-3" onClick={onPay} loading={paying}>
            {sub.paymentInProgress ? t.resumePayment : t.payNow(formatXof(sub.overdueAmount))}
          </Button>
        </div>
      ) : null}

      {done ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-soft px-3 py-2 text-sm text-ink">
          {t.cancelled}
        </p>
      ) : null}

      {sub.status !== "CANCELLED" && !done ? (
        confirming ? (
          <div role="group" aria-labelledby={`${headingId}-confirm`} className="mt-4 rounded-xl border border-danger bg-danger-soft p-4">
            <h4 id={`${headingId}-confirm`} ref={confirmHeading} tabIndex={-1} className="font-semibold text-ink">
              {t.confirmTitle(sub.planName)}
            </h4>
            <p className="mt-1 text-sm text-ink">{t.confirmLead}</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <Button variant="danger" onClick={onCancel} loading={pending}>
                {t.confirmYes}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
                {t.confirmNo}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="ghost" className="mt-3 -ml-2" onClick={() => setConfirming(true)}>
            {t.cancel}
          </Button>
        )
      ) : null}

      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}
