"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { FormAlert } from "@/components/ui/FormAlert";
import type { KeyPermissionLevel } from "@/db/schema";
import type { KeyResource } from "@/lib/platform/key-permissions";
import type { Locale } from "@/lib/i18n/locale";
import { applicationName } from "../ApplicationSwitch";
import { SecretReveal } from "../SecretReveal";
import { Select } from "../Select";
import { developersCopy } from "./copy";
import type { RestrictedKeyDraft, useRestrictedKeys } from "./use-restricted-keys";

const LEVELS: readonly KeyPermissionLevel[] = ["none", "read", "write"];

/**
 * "Create a restricted key": a name, the application, and for each resource one of none, read
 * or write (a labelled radio group per resource, so arrows move within a row and Tab between
 * rows); the new key is then shown once.
 */
export function RestrictedKeyForm({
  locale,
  applications,
  disabled,
  keys,
}: {
  locale: Locale;
  applications: { id: string; name: string }[];
  disabled: boolean;
  keys: ReturnType<typeof useRestrictedKeys>;
}) {
  const t = developersCopy[locale].restricted;
  const resources = Object.keys(t.resources) as KeyResource[];
  const { create, error, revealed, dismiss } = keys;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const draft: RestrictedKeyDraft = {
      application_id: String(data.get("application_id") ?? ""),
      name: String(data.get("name") ?? ""),
      permissions: Object.fromEntries(resources.map((r) => [r, String(data.get(`permission-${r}`) ?? "none") as KeyPermissionLevel])),
    };
    create.mutate(draft, { onSuccess: () => form.reset() });
  }

  return (
    <section aria-labelledby="restricted-key" className="mt-8 rounded-2xl border border-line bg-surface p-5">
      <h2 id="restricted-key" className="text-lg font-semibold text-ink">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      {revealed ? (
        <div className="mt-4">
          <SecretReveal title={t.newKey} secret={revealed.key} locale={locale} onDone={dismiss} />
        </div>
      ) : null}
      <form method="post" onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <Field label={t.name} hint={t.nameHint} name="name" required maxLength={60} error={error?.code === "INVALID_KEY_NAME" ? error.message : undefined} />
        {applications.length > 1 ? (
          <Select label={t.application} name="application_id" options={applications.map((a) => ({ value: a.id, label: applicationName(a.name, locale) }))} />
        ) : (
          <input type="hidden" name="application_id" value={applications[0]?.id ?? ""} />
        )}
        <fieldset aria-describedby="restricted-key-permissions-hint" className="min-w-0">
          <legend className="text-sm font-semibold text-ink">{t.permissions}</legend>
          <p id="restricted-key-permissions-hint" className="mt-1 text-sm text-muted">
            {t.permissionsHint}
          </p>
          <div className="mt-2 divide-y divide-line rounded-lg border border-line">
            {resources.map((resource) => (
              <div key={resource} role="radiogroup" aria-labelledby={`perm-${resource}`} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:justify-between" data-testid={`permission-${resource}`}>
                <span id={`perm-${resource}`} className="text-sm font-medium text-ink">
                  {t.resources[resource]}
                </span>
                <span className="flex flex-wrap gap-x-4 gap-y-1">
                  {LEVELS.map((level) => (
                    <label key={level} className="inline-flex min-h-11 items-center gap-2 text-sm text-ink">
                      <input type="radio" name={`permission-${resource}`} value={level} defaultChecked={level === "none"} className="h-4 w-4 accent-brand" />
                      {t[level]}
                    </label>
                  ))}
                </span>
              </div>
            ))}
          </div>
        </fieldset>
        {error && error.code !== "INVALID_KEY_NAME" ? <FormAlert tone="error">{error.message}</FormAlert> : null}
        <div>
          <Button type="submit" loading={create.isPending} disabled={disabled}>
            {t.create}
          </Button>
        </div>
      </form>
    </section>
  );
}
