"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/Alert";
import { Amount } from "@/components/ui/Amount";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import type { Locale } from "@/lib/i18n/locale";
import { formatXof } from "@/lib/format/money";
import { statusesOf, statusLabel } from "@/lib/i18n/status-labels";
import { DateTime } from "../../DateTime";
import { Select } from "../../Select";
import { StatusBadge } from "../../StatusBadge";
import { useHydrated } from "../../useHydrated";
import { ConfirmInline } from "../../ConfirmInline";
import { CopyLink } from "../../CopyLink";
import { billingCopy, optional, type Plan, type Sub } from "./copy";
import { useCancelSubscription, useCreateSubscription, type SubFilters } from "./use-billing";
import { formatPhone } from "@/lib/format/phone";

/** One subscription; with `onCancel`, a cancel button asking for confirmation first. */
export function SubRow({ s, locale, onCancel, busy = false }: { s: Sub; locale: Locale; onCancel?: () => void; busy?: boolean }) {
  const t = billingCopy[locale];
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="py-3" data-testid="subscription">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-ink">{s.plan_name}</span>
            <StatusBadge kind="subscription" status={s.status} locale={locale} />
          </p>
          <p className="text-muted">
            <span className="whitespace-nowrap text-ink">{formatPhone(s.customer_phone)}</span> · <Amount value={s.amount} /> {t.per(s.interval)}
          </p>
          <p className="text-muted">
            {s.status === "CANCELLED" && s.cancelled_at ? (
              <>
                {t.cancelledAt} <DateTime value={s.cancelled_at} locale={locale} />
              </>
            ) : (
              <>
                {t.next} <DateTime value={s.next_billing_date} locale={locale} />
                {s.next_retry_at ? (
                  <>
                    {" "}
                    · {t.retryAt} <DateTime value={s.next_retry_at} locale={locale} />
                  </>
                ) : null}
              </>
            )}
          </p>
        </div>
        {onCancel && s.status !== "CANCELLED" && !confirming ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t.cancel}
            <span className="sr-only"> {formatPhone(s.customer_phone)}</span>
          </Button>
        ) : null}
      </div>
      {onCancel && confirming && s.status !== "CANCELLED" ? (
        <ConfirmInline question={t.cancelConfirm} yes={t.cancelYes} no={t.keep} busy={busy} onYes={onCancel} onNo={() => setConfirming(false)}>
          <p className="text-sm text-ink">{t.cancelWhat}</p>
        </ConfirmInline>
      ) : null}
    </li>
  );
}

function NewSubscription({ locale, plans, onCreated }: { locale: Locale; plans: Plan[]; onCreated: () => void }) {
  const t = billingCopy[locale];
  const hydrated = useHydrated();
  const active = plans.filter((p) => p.is_active);
  const { mutation: create, fieldErrors, error } = useCreateSubscription(locale, onCreated);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    create.mutate(
      {
        plan_id: String(f.get("plan_id") ?? ""),
        customer_phone: String(f.get("customer_phone") ?? "").trim(),
        customer_name: optional(f, "customer_name"),
        customer_email: optional(f, "customer_email"),
        redirect_url: optional(f, "redirect_url"),
      },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <div className="mt-4 border-t border-line pt-4">
      <h3 className="font-semibold text-ink">{t.newSub}</h3>
      <p className="mt-1 max-w-prose text-sm text-muted">{t.newSubIntro}</p>
      {active.length === 0 ? (
        <p className="mt-2 text-sm text-ink">{t.noActivePlan}</p>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2 sm:items-start">
          <Select
            label={t.plan}
            name="plan_id"
            options={active.map((p) => ({ value: p.id, label: `${p.name} — ${formatXof(p.amount)} / ${p.interval === "WEEKLY" ? t.weekly : t.monthly}` }))}
          />
          <Field label={t.phone} name="customer_phone" type="tel" autoComplete="off" hint={t.phoneHint} error={fieldErrors.customer_phone} />
          <Field label={t.customerName} name="customer_name" maxLength={100} autoComplete="off" error={fieldErrors.customer_name} />
          <Field label={t.customerEmail} name="customer_email" type="email" maxLength={254} autoComplete="off" error={fieldErrors.customer_email} />
          <Field label={t.redirect} name="redirect_url" type="url" hint={t.redirectHint} error={fieldErrors.redirect_url} className="sm:col-span-2" />
          {error ? (
            <p role="alert" className="text-sm font-medium text-danger-strong sm:col-span-2">
              {error}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" loading={create.isPending} disabled={!hydrated}>
              {t.subscribe}
            </Button>
          </div>
        </form>
      )}
      {create.data ? (
        <div className="mt-4 rounded-lg border border-brand bg-brand-soft p-3" data-testid="subscription-created">
          <p role="status" className="text-sm font-semibold text-brand-strong">
            {t.linkReady(formatPhone(create.data.subscription.customer_phone))}
          </p>
          <div className="mt-2">
            <CopyLink label={t.paymentLink} url={create.data.payment_link.url} locale={locale} testId="subscription-link" />
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function SubscriptionsSection({
  locale,
  plans,
  subscriptions,
  filters,
  onFilters,
  onChanged,
}: {
  locale: Locale;
  plans: Plan[] | undefined;
  subscriptions: Sub[] | undefined;
  filters: SubFilters;
  onFilters: (f: SubFilters) => void;
  onChanged: () => void;
}) {
  const t = billingCopy[locale];
  const { cancel, error } = useCancelSubscription(locale, onChanged);
  const filtered = filters.status !== "" || filters.plan_id !== "";

  return (
    <section id="subscriptions" aria-labelledby="b-subs" className="mt-8 scroll-mt-4 rounded-2xl border border-line bg-surface p-5">
      <h2 id="b-subs" className="text-lg font-semibold text-ink">
        {t.subs}
      </h2>
      {plans ? <NewSubscription locale={locale} plans={plans} onCreated={onChanged} /> : null}
      <div role="group" aria-label={t.filters} className="mt-6 grid gap-3 border-t border-line pt-4 sm:grid-cols-2">
        <Select
          label={t.status}
          value={filters.status}
          onChange={(e) => onFilters({ ...filters, status: e.target.value })}
          options={[{ value: "", label: t.allStatuses }, ...statusesOf("subscription").map((s) => ({ value: s, label: statusLabel("subscription", s, locale) }))]}
        />
        <Select
          label={t.planFilter}
          value={filters.plan_id}
          onChange={(e) => onFilters({ ...filters, plan_id: e.target.value })}
          options={[{ value: "", label: t.all }, ...(plans ?? []).map((p) => ({ value: p.id, label: p.name }))]}
        />
      </div>
      {error ? (
        <Alert className="mt-3">{error}</Alert>
      ) : null}
      {!subscriptions ? (
        <Spinner label={t.loading} className="mt-3" />
      ) : subscriptions.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{filtered ? t.noSubsFiltered : t.noSubs}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {subscriptions.map((s) => (
            <SubRow key={s.id} s={s} locale={locale} busy={cancel.isPending && cancel.variables === s.id} onCancel={() => cancel.mutate(s.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
