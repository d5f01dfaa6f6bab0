import Link from "next/link";
import { DateTime } from "@/components/dashboard/DateTime";
import type { auditView } from "@/lib/audit/record";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";

// The merchant a row concerns, when the reader knows it (the audit search gives it).
export type AuditEntry = ReturnType<typeof auditView> & { merchant_id?: string | null };

const copy = defineCopy({
  fr: { merchant: "Marchand", empty: "Aucune action enregistrée.", who: "Qui", what: "Action", target: "Objet", when: "Quand", changes: "Avant → après", full: "Détail complet", before: "Avant", after: "Après", none: "—" },
  en: { merchant: "Merchant", empty: "No action recorded.", who: "Who", what: "Action", target: "Target", when: "When", changes: "Before → after", full: "Full detail", before: "Before", after: "After", none: "—" },
});

const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** The fields an action changed: the readable part of before/after. */
function changes(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k])).map((k) => ({ key: k, before: show(before?.[k]), after: show(after?.[k]) }));
}

/** The append-only audit log, newest first: who, what, when, before and after. */
export function AuditList({ entries, locale, headingLevel = 2 }: { entries: AuditEntry[]; locale: Locale; headingLevel?: 2 | 3 }) {
  const t = copy[locale];
  const H = headingLevel === 2 ? "h2" : "h3";
  if (entries.length === 0) return <p className="rounded-2xl border border-line bg-surface p-5 text-muted">{t.empty}</p>;
  return (
    <ol className="space-y-3">
      {entries.map((e) => (
        <li key={e.id} className="rounded-2xl border border-line bg-surface p-4" data-testid="audit-entry">
          <H className="font-mono text-sm font-bold break-all text-ink">{e.action}</H>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold text-muted">{t.who}</dt>
            <dd className="break-all text-ink">{e.actor}</dd>
            <dt className="font-semibold text-muted">{t.target}</dt>
            <dd className="break-all text-ink">
              {e.target_type} <code className="font-mono">{e.target_id}</code>
            </dd>
            {e.merchant_id ? (
              <>
                <dt className="font-semibold text-muted">{t.merchant}</dt>
                <dd className="break-all">
                  <Link href={`/ops/merchants/${encodeURIComponent(e.merchant_id)}?lang=${locale}`} className="font-mono text-brand underline">
                    {e.merchant_id}
                  </Link>
                </dd>
              </>
            ) : null}
            <dt className="font-semibold text-muted">{t.when}</dt>
            <dd className="text-ink">
              <DateTime value={e.created_at} locale={locale} />
            </dd>
            <dt className="font-semibold text-muted">{t.changes}</dt>
            <dd className="min-w-0 text-ink">
              <ul className="space-y-0.5">
                {changes(e.before, e.after).map((c) => (
                  <li key={c.key} className="break-all">
                    <code className="font-mono">{c.key}</code> : {c.before} → <strong>{c.after}</strong>
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
          <details className="mt-2 text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand">{t.full}</summary>
            <div className="mt-1 grid gap-2 md:grid-cols-2">
              {([["before", e.before], ["after", e.after]] as const).map(([k, v]) => (
                <div key={k} className="min-w-0">
                  <p className="font-semibold text-muted">{t[k]}</p>
                  <pre tabIndex={0} aria-label={t[k]} className="mt-1 overflow-x-auto rounded-lg bg-canvas p-2 font-mono text-xs text-ink">
                    {v ? JSON.stringify(v, null, 2) : t.none}
                  </pre>
                </div>
              ))}
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
