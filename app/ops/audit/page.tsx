import Link from "next/link";
import { AuditFilters } from "@/components/ops/AuditFilters";
import { AuditList } from "@/components/ops/AuditList";
import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { auditSearchQuery, parseAuditSearch, searchAudit, type AuditSearch } from "@/lib/audit/staff-filters";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { isApiError } from "@/lib/core/errors";
import { defineCopy } from "@/lib/i18n/dictionary";

export const generateMetadata = opsMetadata("audit");

type Field = keyof AuditSearch;

const copy = defineCopy({
  fr: {
    title: "Journal d'audit",
    intro: "Toutes les actions du personnel (console et ligne de commande) et les actions sensibles des marchands, les plus récentes d'abord. Le journal ne peut être ni modifié ni effacé.",
    count: (n: number, more: boolean) => (n === 0 ? "Aucune entrée ne correspond à ces filtres." : `${n} entrée${n > 1 ? "s" : ""} sur cette page${more ? ", d'autres plus anciennes suivent" : ""}.`),
    older: "Entrées plus anciennes",
    newest: "Revenir aux plus récentes",
    pages: "Pages du journal",
    invalid: "Ces filtres ne peuvent pas être appliqués.",
    errors: {
      dates: "Saisissez des jours entiers (AAAA-MM-JJ) ; le « au » doit être le même jour que le « du » ou après.",
      before: "Ce lien de page n'est plus valable ; reprenez depuis les entrées les plus récentes.",
      tooLong: "Ce filtre est trop long.",
    },
  },
  en: {
    title: "Audit log",
    intro: "Every staff action (console and command line) and merchants' sensitive actions, newest first. The log can be neither changed nor deleted.",
    count: (n: number, more: boolean) => (n === 0 ? "No entry matches these filters." : `${n} entr${n > 1 ? "ies" : "y"} on this page${more ? ", older ones follow" : ""}.`),
    older: "Older entries",
    newest: "Back to the newest",
    pages: "Log pages",
    invalid: "These filters cannot be applied.",
    errors: {
      dates: "Enter whole days (YYYY-MM-DD); “to” must be the same day as “from” or later.",
      before: "This page link is no longer valid; start again from the newest entries.",
      tooLong: "This filter is too long.",
    },
  },
});

const FIELDS: readonly Field[] = ["actor", "merchant", "action", "from", "to", "before"];

export default async function OpsAuditPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/audit", searchParams);
  const t = copy[locale];
  const raw = await searchParams;
  const values = Object.fromEntries(FIELDS.map((f) => [f, typeof raw[f] === "string" ? raw[f] : undefined])) as Partial<Record<Field, string>>;

  let search: AuditSearch | null = null;
  let problem: { field: Field; message: string } | null = null;
  try {
    search = parseAuditSearch(raw);
  } catch (e) {
    if (!isApiError(e)) throw e;
    const field = (FIELDS as readonly string[]).includes(e.param ?? "") ? (e.param as Field) : "before";
    problem = { field, message: e.code === "INVALID_DATE_RANGE" ? t.errors.dates : field === "before" ? t.errors.before : t.errors.tooLong };
  }
  const result = search ? await searchAudit(db, search) : null;
  const fieldErrors = problem && problem.field !== "before" ? { [problem.field]: problem.message } : {};

  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="audit">
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 mb-4 max-w-prose text-muted">{t.intro}</p>
      <AuditFilters values={values} locale={locale} errors={fieldErrors} />
      {problem ? (
        <p role="alert" className="mt-4 rounded-lg border border-danger bg-surface p-3 text-sm font-medium text-danger">
          {t.invalid} {problem.message}
        </p>
      ) : null}
      {result && search ? (
        <>
          <p role="status" className="mt-4 mb-3 text-sm text-muted" data-testid="audit-count">
            {t.count(result.entries.length, result.next !== null)}
          </p>
          <AuditList entries={result.entries} locale={locale} />
          {result.next || search.before ? (
            <nav aria-label={t.pages} className="mt-4 flex flex-wrap gap-4">
              {search.before ? (
                <Link href={`/ops/audit?${auditSearchQuery(search, { lang: locale })}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                  {t.newest}
                </Link>
              ) : null}
              {result.next ? (
                <Link href={`/ops/audit?${auditSearchQuery(search, { before: result.next, lang: locale })}`} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
                  {t.older}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </OpsFrame>
  );
}
