"use client";

import type { ReactNode } from "react";
import { useHydrated } from "@/components/dashboard/useHydrated";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { QueueActionForm, QueueFailure } from "@/components/ui/QueuePage";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy } from "./copy";
import type { Decision, Review } from "./use-queue";

type DataAttributes = { [key: `data-${string}`]: string | undefined };

/** One item of an ops queue: its name (a reference is set in monospace), its badges, then what staff need to decide. */
export function QueueCard({ title, mono = false, badges, children, ...data }: { title: ReactNode; mono?: boolean; badges?: ReactNode; children: ReactNode } & DataAttributes) {
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" {...data}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className={mono ? "font-mono text-sm font-bold break-all text-ink" : "font-semibold text-ink"}>{title}</h2>
        {badges}
      </div>
      {children}
    </li>
  );
}

/** Whose money it is: the merchant's name, and its id to search the console with. */
export function MerchantLine({ name, id }: { name: ReactNode; id: string }) {
  return (
    <p className="mt-1 text-sm text-ink">
      {name} · <code className="font-mono text-xs">{id}</code>
    </p>
  );
}

/** One figure of a card's list. */
export function Fact({ label, className, valueClassName = "text-ink", children }: { label: ReactNode; className?: string; valueClassName?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-muted">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

/**
 * The written step of a decision (a reference, a note), when one is open, and the decision's
 * refusal; a refusal of the text itself is said under the field instead.
 */
export function DecisionStep<K extends string>({
  decision,
  locale,
  label,
  submit,
  danger,
  minLength,
  maxLength,
}: {
  decision: Decision<K>;
  locale: Locale;
  label: ReactNode;
  submit: ReactNode;
  danger: boolean;
  minLength?: number;
  maxLength: number;
}) {
  const c = opsCommonCopy[locale];
  const { step, text, setText, setStep, action, fieldError } = decision;
  return (
    <>
      {step ? (
        <QueueActionForm
          field={<Field label={label} value={text} onChange={(e) => setText(e.target.value)} minLength={minLength} maxLength={maxLength} required error={fieldError} className="flex-1" autoFocus />}
          submit={submit}
          danger={danger}
          pending={action.isPending}
          cancel={c.cancel}
          onSubmit={() => action.mutate(step)}
          onCancel={() => setStep(null)}
        />
      ) : null}
      {fieldError ? null : <QueueFailure label={c.failed} error={action.error} />}
    </>
  );
}

/**
 * Approve and reject buttons, the note a rejection asks for, and the failure line. `name` is
 * read after each button's label, to tell the cards' buttons apart; `children` sit beside them.
 */
export function ReviewActions({
  review,
  locale,
  approve,
  reject,
  confirmReject,
  noteLabel,
  noteRequired = false,
  canReject = true,
  name,
  children,
}: {
  review: Review;
  locale: Locale;
  approve: ReactNode;
  reject: ReactNode;
  confirmReject: ReactNode;
  noteLabel: ReactNode;
  noteRequired?: boolean;
  canReject?: boolean;
  name?: string;
  children?: ReactNode;
}) {
  const c = opsCommonCopy[locale];
  const hydrated = useHydrated();
  const named = name ? <span className="sr-only"> {name}</span> : null;
  return (
    <>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={() => review.approve.mutate()} loading={review.approve.isPending} disabled={!hydrated}>
          {approve}
          {named}
        </Button>
        {!review.rejecting && canReject ? (
          <Button variant="secondary" onClick={() => review.setRejecting(true)} disabled={!hydrated}>
            {reject}
            {named}
          </Button>
        ) : null}
        {children}
      </div>
      {review.rejecting ? (
        <QueueActionForm
          field={<Field label={noteLabel} value={review.note} onChange={(e) => review.setNote(e.target.value)} maxLength={500} required={noteRequired} className="flex-1" />}
          submit={confirmReject}
          danger
          pending={review.reject.isPending}
          cancel={c.cancel}
          onSubmit={() => review.reject.mutate()}
          onCancel={() => review.setRejecting(false)}
        />
      ) : null}
      <QueueFailure label={c.failed} error={review.error} />
    </>
  );
}
