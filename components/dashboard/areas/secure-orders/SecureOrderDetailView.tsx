"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { SecureOrderDetail } from "@/lib/secure-orders/dashboard";
import { DateTime } from "../../DateTime";
import { ConfirmInline } from "../../ConfirmInline";
import { CopyLink } from "../../CopyLink";
import { StatusBadge } from "../../StatusBadge";
import { detailCopy, orderCopy } from "./copy";
import { useSecureOrderDetail } from "./use-secure-orders";
import { formatPhone } from "@/lib/format/phone";

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="break-words text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The secure order's detail page body: facts, the two links to share, its history, and cancel while it is open. */
export function SecureOrderDetailView({ locale, mode, initial }: { locale: Locale; mode: Mode; initial: SecureOrderDetail }) {
  const t = detailCopy[locale];
  const o$ = orderCopy[locale];
  const { query, confirming, setConfirming, reason, setReason, error, cancel } = useSecureOrderDetail({ locale, mode, initial });
  const o = query.data;
  const lang = locale === "en" ? "?lang=en" : "";

  return (
    <div>
      <Link href={`/dashboard/secure-orders${lang}`} className="text-sm font-semibold text-brand underline">
        ← {t.back}
      </Link>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold break-words text-ink">{t.title(o.reference)}</h1>
        {query.isFetching ? <Spinner label={t.loading} /> : null}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <StatusBadge kind="secureOrder" status={o.status} locale={locale} />
        <code className="font-mono text-sm break-all text-muted">{o.id}</code>
      </p>
      {query.isError ? (
        <Alert variant="inline" className="mt-3">
          {t.loadError}
        </Alert>
      ) : null}

      <dl aria-label={t.details} className="mt-4 grid gap-3 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2 lg:grid-cols-3">
        <Item label={t.amount} testId="order-amount">
          <Amount value={o.amount} />
        </Item>
        <Item label={t.fee} testId="order-fee">
          {o.status === "RELEASED" ? (
            <Amount value={o.fee_total} />
          ) : o.cancel_effect !== null ? (
            // Still open: the fee release would take, set apart until it happens.
            <Amount value={o.fee_total} className="text-muted" />
          ) : (
            // Cancelled unpaid or refunded to the buyer: nothing was taken.
            t.noFee
          )}
        </Item>
        <Item label={t.net} testId="order-net">
          {o.amount_merchant_net !== null ? (
            <Amount value={o.amount_merchant_net} />
          ) : o.cancel_effect !== null ? (
            // Still open: what delivery would pay out, set apart until it happens.
            <Amount value={o.amount - o.fee_total} className="text-muted" />
          ) : o.status === "REFUNDED" ? (
            t.refundedNet
          ) : (
            "—"
          )}
        </Item>
        <Item label={t.description}>{o.description}</Item>
        <Item label={t.buyer}>{`${o.customer_name ? `${o.customer_name} · ` : ""}${formatPhone(o.customer_phone)}`}</Item>
        <Item label={t.clientReference}>{o.client_reference ?? "—"}</Item>
        <Item label={t.createdAt}>
          <DateTime value={o.created_at} locale={locale} />
        </Item>
        {o.status === "CREATED" ? (
          <Item label={t.payBefore}>
            <DateTime value={o.pay_before} locale={locale} />
          </Item>
        ) : null}
        {o.delivery_deadline ? (
          <Item label={t.deliveryDeadline}>
            <DateTime value={o.delivery_deadline} locale={locale} />
          </Item>
        ) : (
          <Item label={t.deliveryWindow}>{t.hours(o.delivery_window_hours)}</Item>
        )}
        {o.status === "PAID_HELD" ? <Item label={t.codeAttempts}>{o.code_locked ? t.codeLocked : String(o.code_attempts_remaining)}</Item> : null}
      </dl>

      <Section id="so-links" title={t.links} card className="mt-6">
        <div className="mt-3 grid gap-4">
          <div>
            <CopyLink label={o$.buyerLink} url={o.buyer_url} locale={locale} testId="buyer-link" />
            <p className="text-sm text-muted">{o$.buyerLinkHint}</p>
          </div>
          <div>
            <CopyLink label={o$.courierLink} url={o.delivery_url} locale={locale} testId="courier-link" />
            <p className="text-sm text-muted">{o$.courierLinkHint}</p>
          </div>
        </div>
      </Section>

      <Section id="so-timeline" title={t.timeline} card className="mt-6">
        <ol className="mt-3 space-y-3 border-l-2 border-line pl-4" data-testid="order-timeline">
          {o.timeline.map((s) => (
            <li key={s.step} data-testid="timeline-step">
              <p>
                <span className="font-semibold text-ink">
                  {t.steps[s.step]}
                  {s.resolution ? ` ${t.resolution[s.resolution]}` : ""}
                </span>{" "}
                · <DateTime value={s.at} locale={locale} className="text-sm text-muted" />
              </p>
              {s.automatic ? <p className="text-sm text-muted">{t.automatic[s.automatic]}</p> : null}
              {s.reason ? (
                <p className="text-sm break-words text-muted">
                  {t.reason} : {s.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </Section>

      <Section id="so-cancel" title={t.cancelTitle} card className="mt-6">
        <p role="status" className="mt-1 text-sm font-semibold text-brand-strong">
          {cancel.isSuccess && cancel.data ? (t.done[cancel.data.status] ?? "") : ""}
        </p>
        {error ? (
          <Alert className="mt-2">{error}</Alert>
        ) : null}
        {o.cancel_effect === null ? (
          <p className="mt-2 text-sm text-muted">{t.closed}</p>
        ) : confirming ? (
          <ConfirmInline
            question={o.cancel_effect === "refund" ? t.refundConfirm : t.cancelConfirm}
            yes={t.cancelYes}
            no={t.keep}
            busy={cancel.isPending}
            onYes={() => cancel.mutate()}
            onNo={() => setConfirming(false)}
          >
            <p className="text-sm text-ink">{o.cancel_effect === "refund" ? t.refundWhat(formatXof(o.amount)) : t.cancelWhat}</p>
            <Field label={t.reasonField} name="reason" maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          </ConfirmInline>
        ) : (
          <Button variant="danger" className="mt-2" onClick={() => setConfirming(true)}>
            {o.cancel_effect === "refund" ? t.refund : t.cancel}
          </Button>
        )}
      </Section>
    </div>
  );
}
