import Link from "next/link";
import { PageFrame } from "@/components/ui/PageFrame";
import type { MerchantAuditEntry } from "@/lib/audit/merchant-log";
import type { Locale } from "@/lib/i18n/locale";
import { DateTime } from "../DateTime";
import { auditActor, auditCopy, auditSummary } from "./copy";

/** The merchant's audit log page (owners and admins): who, what, when, newest first, paginated. */
export function AuditLogView({ locale, entries, page, pages }: { locale: Locale; entries: MerchantAuditEntry[]; page: number; pages: number }) {
  const t = auditCopy[locale];
  const link = (n: number) => `/dashboard/settings/audit?page=${n}`;
  return (
    <PageFrame title={t.title} description={t.intro}>
      {entries.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-line bg-surface p-5 text-muted">{t.empty}</p>
      ) : (
        <ol className="mt-6 space-y-3">
          {entries.map((e) => (
            <li key={e.id} className="rounded-2xl border border-line bg-surface p-4" data-testid="audit-entry">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                {/* An action newer than this page shows as the API names it, as code rather than as a sentence. */}
                <h2 className="font-semibold text-ink">{t.actions[e.action] ?? <code className="font-mono text-sm">{e.action}</code>}</h2>
                <DateTime value={e.created_at} locale={locale} className="text-sm text-muted" />
              </div>
              <p className="mt-1 text-sm break-all text-ink">{auditActor(e, locale)}</p>
              <p className="mt-1 text-sm break-all text-muted">{auditSummary(e, locale) || e.target_id}</p>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav aria-label={t.pagination} className="mt-6 flex flex-wrap items-center gap-4">
          {page > 1 ? (
            <Link href={link(page - 1)} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
              {t.previous}
            </Link>
          ) : null}
          <span className="text-sm text-muted">{t.page(page, pages)}</span>
          {page < pages ? (
            <Link href={link(page + 1)} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
              {t.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </PageFrame>
  );
}
