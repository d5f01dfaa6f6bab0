"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button, buttonClasses } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { INVOICE_LIMITS, InvoiceResource } from "@/lib/invoices/schemas";
import { formatXof } from "@/lib/format/money";
import { useHydrated } from "../../useHydrated";
import { ChannelChoice } from "./ChannelChoice";
import { invoicesCopy } from "./copy";
import { emptyLine, initialValues, previewLines, readReminderDays, requestBody, type InvoiceFormValues, type LineDraft } from "./form-values";
import { InvoicePreview } from "./InvoicePreview";
import { useInvoiceSave, whatsappTab } from "./use-invoices";

/** Beside a field: its error, said with it (aria-describedby), like Field's. */
function FieldError({ id, children }: { id: string; children?: string }) {
  return children ? (
    <p id={id} className="text-sm font-medium text-danger">
      {children}
    </p>
  ) : null;
}

function Fieldset({ legend, children, className }: { legend: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`rounded-2xl border border-line bg-surface p-4 ${className ?? ""}`}>
      <legend className="px-1 text-lg font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The invoice form, for a new invoice or a draft being changed: the customer, the lines (added
 * and removed), due date, notes, language and reminder schedule, with a live preview of the
 * invoice as the customer will see it. "Enregistrer le brouillon" keeps a draft; "Finaliser et
 * envoyer" saves, finalizes and sends it by the ticked channels.
 */
export function InvoiceForm({
  locale,
  mode,
  merchantName,
  limits,
  defaultReminderDays,
  today,
  initial,
  phone,
  onDone,
}: {
  locale: Locale;
  mode: Mode;
  merchantName: string;
  limits: typeof INVOICE_LIMITS;
  defaultReminderDays: readonly number[];
  /** The merchant's today (YYYY-MM-DD, Mali time), the first day a due date may take. */
  today: string;
  initial?: InvoiceResource;
  /** A new invoice's customer, when the page was opened from the customer's page. */
  phone?: string;
  onDone: (invoice: InvoiceResource, whatsappUrl: string | null) => void;
}) {
  const t = invoicesCopy[locale];
  const hydrated = useHydrated();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<InvoiceFormValues>(() => initialValues(initial, defaultReminderDays, phone));
  const { save, fieldErrors, setFieldErrors, error, stranded } = useInvoiceSave({ locale, mode, draftId: initial?.id, onDone });
  // A new object each time, so asking for the same line twice still moves the focus.
  const [focusLine, setFocusLine] = useState<{ index: number } | null>(null);
  // A field's error goes as soon as the field is changed: it spoke of the value that was there.
  const clear = (param: string) =>
    setFieldErrors((e) => {
      if (!(param in e)) return e;
      const rest = { ...e };
      delete rest[param];
      return rest;
    });
  const set = <K extends keyof InvoiceFormValues>(key: K, value: InvoiceFormValues[K], param: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(param);
  };
  const setLine = (key: number, change: Partial<LineDraft>, param: string) => {
    setValues((v) => ({ ...v, lines: v.lines.map((l) => (l.key === key ? { ...l, ...change } : l)) }));
    clear(param);
    clear("lines");
  };
  const preview = previewLines(values.lines);
  const days = readReminderDays(values.reminders);

  // A refused submission takes the reader to its first field at fault (not a later edit that clears one of several).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]')?.focus();
  }, [attempt, save.isError]);
  useEffect(() => {
    if (focusLine) document.getElementById(`${id}-line-${focusLine.index}-description`)?.focus();
  }, [focusLine, id]);

  function submit(send: boolean) {
    setAttempt((n) => n + 1);
    const { body, errors } = requestBody(values, t);
    if (send && values.channels.length === 0) errors.channels = t.noChannel;
    if (Object.keys(errors).length) return setFieldErrors(errors);
    save.mutate({ body, send: send ? values.channels : null, tab: send ? whatsappTab(values.channels) : undefined });
  }

  // Enter in a field keeps a draft: sending to the customer is always its own click.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(false);
  };

  const err = (key: string) => fieldErrors[key];
  const lang = locale === "en" ? "?lang=en" : "";

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)] lg:items-start">
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid min-w-0 gap-4">
        <h2 id={`${id}-title`} className="sr-only">
          {initial ? t.editTitle : t.newTitle}
        </h2>
        <Fieldset legend={t.customerSection}>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <Field label={t.phone} name="customer_phone" type="tel" autoComplete="off" hint={t.phoneHint} value={values.phone} onChange={(e) => set("phone", e.target.value, "customer_phone")} error={err("customer_phone")} className="sm:col-span-2" />
            <Field label={t.name} name="customer_name" maxLength={100} value={values.name} onChange={(e) => set("name", e.target.value, "customer_name")} error={err("customer_name")} />
            <Field label={t.email} name="customer_email" type="email" autoComplete="off" hint={t.emailHint} value={values.email} onChange={(e) => set("email", e.target.value, "customer_email")} error={err("customer_email")} />
          </div>
        </Fieldset>

        <Fieldset legend={t.linesSection}>
          <ol className="mt-2 grid gap-3">
            {values.lines.map((line, i) => {
              const shown = preview.lines[i];
              const key = (f: string) => `lines.${i}.${f}`;
              return (
                <li key={line.key}>
                  <fieldset className="rounded-xl border border-line p-3" data-testid="invoice-line">
                    <legend className="px-1 text-sm font-semibold text-ink">{t.line(i + 1)}</legend>
                    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_10rem]">
                      <Field
                        id={`${id}-line-${i}-description`}
                        label={t.description}
                        maxLength={limits.descriptionMax}
                        value={line.description}
                        onChange={(e) => setLine(line.key, { description: e.target.value }, key("description"))}
                        error={err(key("description"))}
                      />
                      <Field label={t.quantity} inputMode="numeric" value={line.quantity} onChange={(e) => setLine(line.key, { quantity: e.target.value }, key("quantity"))} error={err(key("quantity"))} />
                      <Field label={t.unitAmount} inputMode="numeric" hint={i === 0 ? t.unitAmountHint : undefined} value={line.unit} onChange={(e) => setLine(line.key, { unit: e.target.value }, key("unit_amount"))} error={err(key("unit_amount"))} />
                    </div>
                    <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm text-muted">
                        {t.lineAmount} : <span className="font-semibold whitespace-nowrap text-ink">{shown && shown.amount !== null ? formatXof(shown.amount) : "—"}</span>
                      </p>
                      {values.lines.length > 1 ? (
                        <Button
                          variant="ghost"
                          onClick={() => {
                            setValues((v) => ({ ...v, lines: v.lines.filter((l) => l.key !== line.key) }));
                            setFieldErrors({});
                            setFocusLine({ index: Math.max(0, i - 1) });
                          }}
                        >
                          {t.removeLine(i + 1)}
                        </Button>
                      ) : null}
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={values.lines.length >= limits.lines}
              onClick={() => {
                setValues((v) => ({ ...v, lines: [...v.lines, emptyLine()] }));
                setFocusLine({ index: values.lines.length });
              }}
            >
              {t.addLine}
            </Button>
            {values.lines.length >= limits.lines ? <p className="text-sm text-muted">{t.linesMax}</p> : null}
          </div>
          {err("lines") ? (
            <p tabIndex={-1} data-field-error className="mt-2 text-sm font-medium text-danger outline-none">
              {err("lines")}
            </p>
          ) : null}
        </Fieldset>

        <Fieldset legend={t.detailsSection}>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <Field label={t.dueDateField} name="due_date" type="date" min={today} hint={t.dueDateHint} value={values.dueDate} onChange={(e) => set("dueDate", e.target.value, "due_date")} error={err("due_date")} />
            <fieldset aria-describedby={`${id}-locale-hint`}>
              <legend className="text-sm font-semibold text-ink">{t.language}</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {(["fr", "en"] as const).map((l) => (
                  <label key={l} className="flex min-h-11 items-center gap-2 text-ink">
                    <input type="radio" name="locale" value={l} checked={values.locale === l} onChange={() => set("locale", l, "locale")} className="size-4" />
                    {t.languages[l]}
                  </label>
                ))}
              </div>
              <p id={`${id}-locale-hint`} className="text-sm text-muted">
                {t.languageHint}
              </p>
              {err("locale") ? (
                <p tabIndex={-1} data-field-error className="text-sm font-medium text-danger outline-none">
                  {err("locale")}
                </p>
              ) : null}
            </fieldset>
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <label htmlFor={`${id}-notes`} className="text-sm font-semibold text-ink">
                {t.notes}
              </label>
              <textarea
                id={`${id}-notes`}
                name="notes"
                rows={3}
                maxLength={limits.notesMax}
                value={values.notes}
                onChange={(e) => set("notes", e.target.value, "notes")}
                aria-invalid={err("notes") ? true : undefined}
                aria-describedby={`${id}-notes-hint${err("notes") ? ` ${id}-notes-error` : ""}`}
                className={`w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink ${err("notes") ? "border-danger" : "border-line-strong"}`}
              />
              <p id={`${id}-notes-hint`} className="text-sm text-muted">
                {t.notesHint}
              </p>
              <FieldError id={`${id}-notes-error`}>{err("notes")}</FieldError>
            </div>
            <div className="sm:col-span-2">
              <Field
                label={t.reminders}
                name="reminder_days"
                hint={
                  <>
                    {t.remindersHint}{" "}
                    <span className="text-ink" data-testid="reminder-summary">
                      {days === null ? "" : days.length === 0 ? t.remindersNone : t.remindersSummary([...days].sort((a, b) => a - b).map(t.reminderDay).join(", "))}
                    </span>
                  </>
                }
                value={values.reminders}
                onChange={(e) => set("reminders", e.target.value, "reminder_days")}
                error={err("reminder_days")}
              />
            </div>
          </div>
        </Fieldset>

        <Fieldset legend={t.channels}>
          <ChannelChoice locale={locale} value={values.channels} onChange={(channels) => set("channels", channels, "channels")} error={err("channels")} />
        </Fieldset>

        {stranded ? (
          <Alert as="div" tone="warning">
            <p>{t.stranded(stranded.invoice.number ?? "", stranded.message)}</p>
            <Link href={`/dashboard/invoices/${encodeURIComponent(stranded.invoice.id)}${lang}`} className={`mt-2 ${buttonClasses({ variant: "secondary" })}`}>
              {t.openStranded}
            </Link>
          </Alert>
        ) : (
          <div className="grid gap-2">
            {error ? <Alert>{error}</Alert> : null}
            <div className="flex flex-wrap gap-2">
              <Button loading={save.isPending && save.variables?.send !== null} disabled={!hydrated || save.isPending} onClick={() => submit(true)}>
                {t.finalizeAndSend}
              </Button>
              <Button type="submit" variant="secondary" loading={save.isPending && save.variables?.send === null} disabled={!hydrated || save.isPending}>
                {t.saveDraft}
              </Button>
            </div>
            <p className="text-sm text-muted">{t.finalizeNote}</p>
          </div>
        )}
      </form>

      <div className="min-w-0 lg:sticky lg:top-4">
        <InvoicePreview
          locale={locale}
          invoiceLocale={values.locale}
          merchantName={merchantName}
          customerName={values.name.trim()}
          phone={values.phone}
          lines={preview.lines}
          total={preview.total}
          dueDate={values.dueDate}
          notes={values.notes}
        />
      </div>
    </div>
  );
}
