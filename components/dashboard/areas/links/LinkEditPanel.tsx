"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkResource } from "@/lib/links/schemas";
import { apiFetch } from "@/components/data/fetch-json";
import { useHydrated } from "../../useHydrated";
import { readAmountField } from "./amount-field";
import { fieldOf, linkErrorMessage, linksCopy } from "./copy";

type FieldErrors = Record<string, string>;

/**
 * The edit form of a link's page: what PATCH /v1/payment-links/{id} changes (name, description,
 * active, an OPEN link's bounds, the return address), sent to the dashboard's PATCH, which runs
 * the same validation and updateLink. The page is re-read from the server once saved.
 */
export function LinkEditPanel({ link, locale }: { link: LinkResource; locale: Locale }) {
  const t = linksCopy[locale];
  const router = useRouter();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch<LinkResource>(`/dashboard-api/links/${encodeURIComponent(link.id)}`, { method: "PATCH", body }),
    onSuccess: () => {
      setEditing(false);
      setSaved(true);
      router.refresh();
    },
    onError: (e) => {
      const field = fieldOf(e);
      if (field) setFieldErrors({ [field]: linkErrorMessage(t, e) });
      else setError(linkErrorMessage(t, e));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    setSaved(false);
    setError(null);
    const errors: FieldErrors = {};
    const text = (name: string) => String(f.get(name) ?? "").trim();
    const body: Record<string, unknown> = {
      name: text("name"),
      description: text("description") || null,
      success_redirect_url: text("success_redirect_url") || null,
      is_active: f.get("is_active") === "on",
    };
    if (link.mode === "OPEN") {
      for (const bound of ["min_amount", "max_amount"] as const) {
        const read = readAmountField(f, bound, t);
        if (read.error !== undefined) errors[bound] = read.error;
        else body[bound] = read.value;
      }
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) save.mutate(body);
  }

  return (
    <section aria-labelledby="link-edit" className="mt-6 rounded-2xl border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="link-edit" className="text-lg font-semibold text-ink">
          {t.settings}
        </h2>
        {editing ? null : (
          <Button
            variant="secondary"
            disabled={!hydrated}
            onClick={() => {
              setEditing(true);
              setSaved(false);
              setFieldErrors({});
              setError(null);
            }}
          >
            {t.edit}
          </Button>
        )}
      </div>
      <p role="status" className="text-sm font-medium text-brand-strong">
        {saved ? t.saved : ""}
      </p>
      {editing ? (
        <form method="post" onSubmit={onSubmit} noValidate aria-label={t.editTitle(link.name)} className="mt-2 grid gap-3 sm:grid-cols-2 sm:items-start">
          <Field label={t.name} name="name" required maxLength={100} defaultValue={link.name} error={fieldErrors.name} autoFocus />
          <Field label={t.description} name="description" maxLength={500} defaultValue={link.description ?? ""} error={fieldErrors.description} />
          {link.mode === "OPEN" ? (
            <>
              <Field label={t.min} name="min_amount" inputMode="numeric" autoComplete="off" defaultValue={formatXof(link.min_amount ?? 0)} hint={t.amountHint} error={fieldErrors.min_amount} />
              <Field label={t.max} name="max_amount" inputMode="numeric" autoComplete="off" defaultValue={formatXof(link.max_amount ?? 0)} hint={t.amountHint} error={fieldErrors.max_amount} />
            </>
          ) : (
            <p className="text-sm text-muted sm:col-span-2">
              {t.price} : <strong className="text-ink">{formatXof(link.amount ?? 0)}</strong>. {t.priceFixedNote}
            </p>
          )}
          <Field
            label={t.redirectField}
            name="success_redirect_url"
            type="url"
            inputMode="url"
            autoCapitalize="none"
            defaultValue={link.success_redirect_url ?? ""}
            hint={t.redirectHint}
            error={fieldErrors.success_redirect_url}
            className="sm:col-span-2"
          />
          <label className="flex min-h-11 items-center gap-2 font-semibold text-ink sm:col-span-2">
            <input type="checkbox" name="is_active" defaultChecked={link.is_active} className="size-5 accent-[var(--color-brand,#0f766e)]" />
            {t.activeField}
          </label>
          {error ? (
            <p role="alert" className="rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger-strong sm:col-span-2">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={save.isPending}>
              {t.cancel}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
