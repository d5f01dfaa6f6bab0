"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import { formatDate } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { formatPhone } from "@/lib/format/phone";
import type { Locale } from "@/lib/i18n/locale";
import { statusLabel } from "@/lib/i18n/status-labels";
import type { INVOICE_LIMITS, InvoiceResource } from "@/lib/invoices/schemas";
import { ConfirmInline } from "../../ConfirmInline";
import { CopyLink } from "../../CopyLink";
import { DateTime } from "../../DateTime";
import { StatusBadge } from "../../StatusBadge";
import { ChannelChoice } from "./ChannelChoice";
import { invoicesCopy, type InvoicesCopy } from "./copy";
import { InvoiceForm } from "./InvoiceForm";
import { useInvoiceDetail, whatsappTab, type InvoiceChannel, type InvoiceDetail, type InvoiceTimeline } from "./use-invoices";

type Activity = InvoiceTimeline[number];

const paymentHref = (id: string, locale: Locale) => `/dashboard/payments/${encodeURIComponent(id)}${locale === "en" ? "?lang=en" : ""}`;
const text = (v: unknown) => (typeof v === "string" && v ? v : null);

/** One line of the history, in words: what happened, by which channel, and how it went. */
function ActivityLine({ a, t, locale }: { a: Activity; t: InvoicesCopy; locale: Locale }) {
  const channel = a.channel ? ` ${t.by(t.channelInline[a.channel])}` : "";
  const paymentId = text(a.detail.payment_id);
  const extra: ReactNode[] = [];
  if (a.kind === "finalized" && text(a.detail.number)) extra.push(text(a.detail.number));
  if (a.kind === "reminded" && typeof a.detail.day_offset === "number") extra.push(t.reminderOffset(a.detail.day_offset));
  if ((a.kind === "sent" || a.kind === "reminded") && text(a.detail.status)) {
    const why = text(a.detail.reason);
    extra.push(`${t.delivery[text(a.detail.status)!] ?? text(a.detail.status)}${why ? ` : ${t.suppressed[why] ?? why}` : ""}`);
  }
  if (a.kind === "payment_failed" && text(a.detail.status)) extra.push(statusLabel("payment", text(a.detail.status)!, locale));
  if (a.kind === "voided" && text(a.detail.reason)) extra.push(text(a.detail.reason));
  return (
    <li data-testid="timeline-event" data-kind={a.kind} data-channel={a.channel ?? ""}>
      <p>
        <span className="font-semibold text-ink">
          {t.events[a.kind]}
          {channel}
        </span>{" "}
        · <DateTime value={a.at} locale={locale} className="text-sm text-muted" />
      </p>
      {extra.length ? <p className="text-sm break-words text-muted">{extra.join(" · ")}</p> : null}
      {paymentId ? (
        <Link href={paymentHref(paymentId, locale)} className="text-sm font-semibold text-brand underline">
          {t.seePayment(paymentId)}
        </Link>
      ) : null}
    </li>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="contents">
      <dt className="font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 pb-2 break-words text-ink sm:pb-0" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Facts({ invoice: i, t, locale }: { invoice: InvoiceResource; t: InvoicesCopy; locale: Locale }) {
  const days = [...i.reminder_days].sort((a, b) => a - b);
  return (
    <section aria-labelledby="invoice-facts" className="mt-4 rounded-2xl border border-line bg-surface p-5">
      <h2 id="invoice-facts" className="sr-only">
        {t.facts}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
        <Fact label={t.customer}>
          {i.customer_name ? <span className="block">{i.customer_name}</span> : null}
          <span className="whitespace-nowrap">{formatPhone(i.customer_phone)}</span>
          {i.customer_email ? <span className="block break-all text-muted">{i.customer_email}</span> : null}
        </Fact>
        <Fact label={t.total} testId="invoice-total">
          <Amount value={i.total} className="font-semibold" />
        </Fact>
        {i.status === "OPEN" || i.status === "OVERDUE" ? (
          <Fact label={t.amountDue}>
            <Amount value={i.amount_due} />
          </Fact>
        ) : null}
        <Fact label={t.dueDate}>{i.due_date ? formatDate(i.due_date, locale) : t.noDueDate}</Fact>
        <Fact label={t.createdOn}>
          <DateTime value={i.created_at} locale={locale} />
        </Fact>
        {i.finalized_at ? (
          <Fact label={t.finalizedOn}>
            <DateTime value={i.finalized_at} locale={locale} />
          </Fact>
        ) : null}
        {i.paid_at ? (
          <Fact label={t.paidOn}>
            <DateTime value={i.paid_at} locale={locale} />
          </Fact>
        ) : null}
        {i.voided_at ? (
          <Fact label={t.voidedOn}>
            <DateTime value={i.voided_at} locale={locale} />
            {i.void_reason ? <span className="block text-muted">{`${t.voidReason} : ${i.void_reason}`}</span> : null}
          </Fact>
        ) : null}
        <Fact label={t.sentBy}>{i.sent_channels.length ? i.sent_channels.map((c) => t.channelNames[c]).join(", ") : t.notSent}</Fact>
        <Fact label={t.remindersFact}>{days.length ? days.map(t.reminderDay).join(", ") : t.remindersNone}</Fact>
        {i.status === "OPEN" || i.status === "OVERDUE" ? <Fact label={t.nextReminder}>{i.next_reminder_on ? formatDate(i.next_reminder_on, locale) : t.noReminder}</Fact> : null}
        <Fact label={t.language_}>{t.languages[i.locale]}</Fact>
        {i.client_reference ? <Fact label={t.reference}>{i.client_reference}</Fact> : null}
        {i.payment_id ? (
          <Fact label={t.payment}>
            <Link href={paymentHref(i.payment_id, locale)} className="font-semibold text-brand underline" data-testid="invoice-payment">
              {t.seePayment(i.payment_id)}
            </Link>
          </Fact>
        ) : null}
      </dl>
    </section>
  );
}

function Lines({ invoice: i, t }: { invoice: InvoiceResource; t: InvoicesCopy }) {
  return (
    <Section id="invoice-lines" title={t.lines} card className="mt-6">
      <table className="mt-2 w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t.description}
            </th>
            <th scope="col" className="py-2 text-right">
              {t.lineAmount}
            </th>
          </tr>
        </thead>
        <tbody>
          {i.lines.map((l, n) => (
            <tr key={n} className="border-t border-line align-top" data-testid="invoice-line-row">
              <td className="py-2 pr-3 break-words text-ink">
                {l.description}
                <span className="block text-xs text-muted">
                  {l.quantity} × <span className="whitespace-nowrap">{formatXof(l.unit_amount)}</span>
                </span>
              </td>
              <td className="py-2 text-right whitespace-nowrap text-ink">{formatXof(l.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-line-strong">
            <th scope="row" className="py-2 pr-3 text-ink">
              {t.total}
            </th>
            <td className="py-2 text-right font-bold whitespace-nowrap text-ink">{formatXof(i.total)}</td>
          </tr>
        </tfoot>
      </table>
    </Section>
  );
}

/**
 * An invoice's page: where it stands, its lines, the page and PDF to share, its history, and what
 * the merchant may do now: a draft is edited, finalized or deleted; an open one is sent again or
 * voided with a reason; a paid or voided one is closed.
 */
export function InvoiceDetailView({
  locale,
  mode,
  initial,
  canEdit,
  merchantName,
  limits,
  defaultReminderDays,
  today,
}: {
  locale: Locale;
  mode: Mode;
  initial: InvoiceDetail;
  canEdit: boolean;
  merchantName: string;
  limits: typeof INVOICE_LIMITS;
  defaultReminderDays: readonly number[];
  today: string;
}) {
  const t = invoicesCopy[locale];
  const { query, error, notice, setNotice, whatsappUrl, finalize, send, voidIt, remove, refresh } = useInvoiceDetail({ locale, mode, initial });
  const { invoice: i, timeline } = query.data;
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<"delete" | "void" | null>(null);
  const [channels, setChannels] = useState<InvoiceChannel[]>(i.sent_channels.filter((c) => c !== "whatsapp").length ? i.sent_channels.filter((c) => c !== "whatsapp") : ["sms"]);
  const [channelError, setChannelError] = useState<string | undefined>();
  const [reason, setReason] = useState("");
  const open = i.status === "OPEN" || i.status === "OVERDUE";
  const lang = locale === "en" ? "?lang=en" : "";

  return (
    <div>
      <Link href={`/dashboard/invoices${lang}`} className="text-sm font-semibold text-brand underline">
        ← {t.back}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold break-words text-ink">{t.detailTitle(i.number)}</h1>
        <span data-testid="invoice-status">
          <StatusBadge kind="invoice" status={i.status} locale={locale} />
        </span>
        {query.isFetching ? <Spinner label={t.loading} /> : null}
      </div>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-muted">
        <Amount value={i.total} className="text-lg font-semibold text-ink" />
        <code className="font-mono text-xs break-all">{i.id}</code>
      </p>
      {query.isError ? (
        <Alert variant="inline" className="mt-3">
          {t.loadError}
        </Alert>
      ) : null}
      <Alert tone="success" className="mt-3 empty:hidden">
        {notice}
        {notice && whatsappUrl ? (
          <>
            {" "}
            <a href={whatsappUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
              {t.whatsappOpen}
            </a>
          </>
        ) : null}
      </Alert>
      {error ? <Alert className="mt-3">{error}</Alert> : null}

      {editing ? (
        <section aria-labelledby="invoice-edit" className="mt-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="invoice-edit" className="text-lg font-semibold text-ink">
              {t.editTitle}
            </h2>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              {t.stopEditing}
            </Button>
          </div>
          <InvoiceForm
            locale={locale}
            mode={mode}
            merchantName={merchantName}
            limits={limits}
            defaultReminderDays={defaultReminderDays}
            today={today}
            initial={i}
            onDone={(saved) => {
              setEditing(false);
              setNotice(saved.status === "DRAFT" ? t.draftSaved : t.sent);
              void refresh();
            }}
          />
        </section>
      ) : (
        <>
          <Facts invoice={i} t={t} locale={locale} />
          <Lines invoice={i} t={t} />
          {i.hosted_invoice_url && i.pdf_url ? (
            <Section id="invoice-share" title={t.share} card className="mt-6">
              <div className="mt-2 grid gap-3">
                <CopyLink label={t.hostedPage} url={i.hosted_invoice_url} locale={locale} testId="invoice-url" />
                <a href={i.pdf_url} className="inline-flex min-h-11 items-center self-start font-semibold text-brand underline" data-testid="invoice-pdf">
                  {t.pdf}
                </a>
              </div>
            </Section>
          ) : null}
          {i.notes ? (
            <Section id="invoice-notes" title={t.notesTitle} card className="mt-6">
              <p className="mt-2 text-sm break-words whitespace-pre-line text-ink">{i.notes}</p>
            </Section>
          ) : null}
        </>
      )}

      {canEdit && !editing ? (
        <Section id="invoice-actions" title={t.actions} card className="mt-6">
          {i.status === "DRAFT" ? (
            <div className="mt-2 grid gap-2">
              <p className="text-sm text-muted">{t.finalizeNote}</p>
              <div className="flex flex-wrap gap-2">
                <Button loading={finalize.isPending} onClick={() => finalize.mutate(undefined)}>
                  {t.finalize}
                </Button>
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  {t.edit}
                </Button>
                {confirm === "delete" ? null : (
                  <Button variant="ghost" onClick={() => setConfirm("delete")}>
                    {t.remove}
                  </Button>
                )}
              </div>
              {confirm === "delete" ? <ConfirmInline question={t.removeConfirm} yes={t.removeYes} no={t.keep} busy={remove.isPending} onYes={() => remove.mutate()} onNo={() => setConfirm(null)} /> : null}
            </div>
          ) : open ? (
            <div className="mt-2 grid gap-4">
              <form
                aria-labelledby="invoice-send"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (channels.length === 0) return setChannelError(t.noChannel);
                  setChannelError(undefined);
                  send.mutate({ channels, tab: whatsappTab(channels) });
                }}
              >
                <h3 id="invoice-send" className="font-semibold text-ink">
                  {t.sendTitle}
                </h3>
                <ChannelChoice locale={locale} value={channels} onChange={setChannels} error={channelError} />
                <Button type="submit" className="mt-2" loading={send.isPending}>
                  {t.send}
                </Button>
              </form>
              <div>
                {confirm === "void" ? (
                  <ConfirmInline question={t.voidConfirm} yes={t.voidYes} no={t.keep} busy={voidIt.isPending} onYes={() => voidIt.mutate(reason.trim(), { onSuccess: () => setConfirm(null) })} onNo={() => setConfirm(null)}>
                    <Field label={t.voidField} name="reason" maxLength={limits.voidReasonMax} value={reason} onChange={(e) => setReason(e.target.value)} />
                  </ConfirmInline>
                ) : (
                  <Button variant="danger" onClick={() => setConfirm("void")}>
                    {t.voidAction}
                  </Button>
                )}
              </div>
            </div>
          ) : (
            <p className="mt-2 text-sm text-muted">{t.closed}</p>
          )}
        </Section>
      ) : null}

      <Section id="invoice-timeline" title={t.timeline} card className="mt-6">
        <ol className="mt-3 space-y-3 border-l-2 border-line pl-4" data-testid="invoice-timeline">
          {timeline.map((a, n) => (
            <ActivityLine key={n} a={a} t={t} locale={locale} />
          ))}
        </ol>
      </Section>
    </div>
  );
}
