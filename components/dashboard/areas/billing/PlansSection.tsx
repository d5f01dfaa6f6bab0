"use client";

import { useState, type FormEvent } from "react";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import type { Locale } from "@/lib/i18n/locale";
import { Badge } from "../../Badge";
import { Select } from "../../Select";
import { useHydrated } from "../../useHydrated";
import { ConfirmInline } from "../../ConfirmInline";
import { amountOf, billingCopy, type Plan } from "./copy";
import { useCreatePlan, usePlanPatch } from "./use-billing";

function PlanRow({ plan, locale, onChanged }: { plan: Plan; locale: Locale; onChanged: () => void }) {
  const t = billingCopy[locale];
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const { mutation, fieldErrors, setFieldErrors, error } = usePlanPatch(plan.id, locale, () => {
    setEditing(false);
    setConfirming(false);
    setSaved(true);
    onChanged();
  });

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const description = String(f.get("description") ?? "").trim();
    const amount = amountOf(f, "amount");
    setSaved(false);
    if (amount === null) return setFieldErrors({ amount: t.errors.UNREADABLE_AMOUNT });
    mutation.mutate({ name: String(f.get("name") ?? ""), description: description || null, amount });
  }

  return (
    <li className="py-3" data-testid="plan">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-ink">{plan.name}</span>
            <span className="text-ink">
              <Amount value={plan.amount} /> / {plan.interval === "WEEKLY" ? t.weekly : t.monthly}
            </span>
            <Badge tone={plan.is_active ? "success" : "neutral"}>{plan.is_active ? t.active : t.inactive}</Badge>
          </p>
          <p className="text-muted">
            {t.subscribers(plan.subscriber_count)}
            {plan.description ? ` · ${plan.description}` : ""}
          </p>
        </div>
        {editing || confirming ? null : (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="secondary" onClick={() => {
                setEditing(true);
                setSaved(false);
              }}>
              {t.edit}
              <span className="sr-only"> {plan.name}</span>
            </Button>
            <Button variant={plan.is_active ? "ghost" : "secondary"} onClick={() => {
                setConfirming(true);
                setSaved(false);
              }}>
              {plan.is_active ? t.deactivate : t.reactivate}
              <span className="sr-only"> {plan.name}</span>
            </Button>
          </div>
        )}
      </div>
      <p role="status" className="text-sm text-brand-strong">
        {saved ? t.saved : ""}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm font-medium text-danger-strong">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmInline
          question={plan.is_active ? t.deactivateConfirm(plan.name) : t.reactivateConfirm(plan.name)}
          yes={plan.is_active ? t.deactivateYes : t.reactivateYes}
          no={t.keep}
          danger={plan.is_active}
          busy={mutation.isPending}
          onYes={() => mutation.mutate({ is_active: !plan.is_active })}
          onNo={() => setConfirming(false)}
        >
          <p className="text-sm text-ink">{plan.is_active ? t.deactivateWhat : t.reactivateWhat}</p>
        </ConfirmInline>
      ) : null}
      {editing ? (
        <form method="post" onSubmit={onSave} noValidate aria-label={t.editTitle(plan.name)} className="mt-3 grid gap-3 rounded-lg border border-line-strong p-3 sm:grid-cols-2 sm:items-start">
          <Field label={t.name} name="name" maxLength={100} defaultValue={plan.name} error={fieldErrors.name} />
          <Field label={t.amount} name="amount" inputMode="numeric" defaultValue={String(plan.amount)} hint={t.editAmountHint} error={fieldErrors.amount} />
          <Field label={t.description} name="description" maxLength={500} defaultValue={plan.description ?? ""} error={fieldErrors.description} className="sm:col-span-2" />
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" loading={mutation.isPending}>
              {t.save}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={mutation.isPending}>
              {t.cancelEdit}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

export function PlansSection({ locale, plans, onChanged }: { locale: Locale; plans: Plan[] | undefined; onChanged: () => void }) {
  const t = billingCopy[locale];
  const hydrated = useHydrated();
  const { mutation: create, fieldErrors, setFieldErrors, error } = useCreatePlan(locale, onChanged);

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const description = String(f.get("description") ?? "").trim();
    const amount = amountOf(f, "amount");
    if (amount === null) return setFieldErrors({ amount: t.errors.UNREADABLE_AMOUNT });
    create.mutate(
      { name: String(f.get("name") ?? ""), amount, interval: String(f.get("interval") ?? "MONTHLY"), ...(description ? { description } : {}) },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <section id="plans" aria-labelledby="b-plans" className="mt-4 scroll-mt-4 rounded-2xl border border-line bg-surface p-5">
      <h2 id="b-plans" className="text-lg font-semibold text-ink">
        {t.plans}
      </h2>
      {!plans ? (
        <Spinner label={t.loading} />
      ) : plans.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t.noPlans}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {plans.map((p) => (
            <PlanRow key={p.id} plan={p} locale={locale} onChanged={onChanged} />
          ))}
        </ul>
      )}
      <form method="post" onSubmit={onCreate} noValidate className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-3 sm:items-start">
        <h3 className="font-semibold text-ink sm:col-span-3">{t.newPlan}</h3>
        <Field label={t.name} name="name" maxLength={100} error={fieldErrors.name} />
        <Field label={t.amount} name="amount" inputMode="numeric" hint={t.amountHint} error={fieldErrors.amount} />
        <Select label={t.interval} name="interval" defaultValue="MONTHLY" options={[{ value: "MONTHLY", label: t.monthly }, { value: "WEEKLY", label: t.weekly }]} />
        <Field label={t.description} name="description" maxLength={500} error={fieldErrors.description} className="sm:col-span-3" />
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger-strong sm:col-span-3">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-3">
          <Button type="submit" loading={create.isPending} disabled={!hydrated}>
            {t.create}
          </Button>
        </div>
      </form>
    </section>
  );
}
