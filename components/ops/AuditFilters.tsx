import Link from "next/link";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import type { AuditSearch } from "@/lib/audit/staff-filters";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";

const copy = defineCopy({
  fr: {
    legend: "Filtrer le journal",
    actor: "Auteur",
    actorHint: "Une partie suffit : staff:awa@…, cli:, user:usr_…",
    merchant: "Marchand (identifiant exact)",
    merchantHint: "mer_…",
    action: "Action",
    actionHint: "Le début suffit : « kyc » trouve kyc.approve et kyc.reject.",
    from: "Du (inclus)",
    to: "Au (inclus)",
    datesHint: "Jours entiers, heure de Bamako (UTC).",
    submit: "Filtrer",
    clear: "Effacer les filtres",
  },
  en: {
    legend: "Filter the log",
    actor: "Actor",
    actorHint: "Part of it is enough: staff:awa@…, cli:, user:usr_…",
    merchant: "Merchant (exact id)",
    merchantHint: "mer_…",
    action: "Action",
    actionHint: "The start is enough: “kyc” finds kyc.approve and kyc.reject.",
    from: "From (included)",
    to: "To (included)",
    datesHint: "Whole days, Bamako time (UTC).",
    submit: "Filter",
    clear: "Clear the filters",
  },
});

/**
 * The audit log's filters as a plain GET form: they live in the URL (bookmarkable, shareable)
 * and work before any script has loaded. A new search starts from the newest entries.
 */
export function AuditFilters({ values, locale, errors = {} }: { values: Partial<Record<keyof AuditSearch, string>>; locale: Locale; errors?: Partial<Record<keyof AuditSearch, string>> }) {
  const t = copy[locale];
  return (
    <form method="get" action="/ops/audit" role="search" aria-label={t.legend} className="rounded-2xl border border-line bg-surface p-4">
      <input type="hidden" name="lang" value={locale} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t.actor} hint={t.actorHint} name="actor" defaultValue={values.actor ?? ""} maxLength={120} error={errors.actor} />
        <Field label={t.merchant} hint={t.merchantHint} name="merchant" defaultValue={values.merchant ?? ""} maxLength={80} error={errors.merchant} />
        <Field label={t.action} hint={t.actionHint} name="action" defaultValue={values.action ?? ""} maxLength={80} error={errors.action} />
        <Field label={t.from} hint={t.datesHint} name="from" type="date" defaultValue={values.from ?? ""} error={errors.from} />
        <Field label={t.to} name="to" type="date" defaultValue={values.to ?? ""} error={errors.to} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="submit">{t.submit}</Button>
        <Link href={`/ops/audit?lang=${locale}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          {t.clear}
        </Link>
      </div>
    </form>
  );
}
