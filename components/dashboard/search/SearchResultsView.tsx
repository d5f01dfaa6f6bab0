import Link from "next/link";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { StatusKind } from "@/lib/i18n/status-labels";
import { SEARCH_GROUP_LIMIT, type SearchGroup, type SearchResults } from "@/lib/search/dashboard-search";
import type { SearchHit, SearchKind } from "@/lib/search/hits";
import { DateTime } from "../DateTime";
import { StatusBadge } from "../StatusBadge";
import { searchCopy } from "./copy";
import { localized } from "./localized";

const STATUS_KIND: Record<SearchKind, StatusKind | null> = {
  payment: "payment",
  secure_order: "secureOrder",
  payment_link: "link",
  customer: null,
  withdrawal: "withdrawal",
};

function amountText(hit: SearchHit): string | null {
  if (hit.amount === null) return null;
  if (hit.amount_max === null) return formatXof(hit.amount);
  return `${formatXof(hit.amount).replace(" FCFA", "")} – ${formatXof(hit.amount_max)}`;
}

function Hit({ hit, locale }: { hit: SearchHit; locale: Locale }) {
  const t = searchCopy[locale];
  const statusKind = STATUS_KIND[hit.kind];
  const amount = amountText(hit);
  return (
    <li className="border-t border-line py-3 first:border-t-0" data-testid="search-hit">
      {/* Label, status and amount wrap as one line of words: at 360 px the status and amount stay on screen. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={localized(hit.path, locale)} className="min-w-0 font-semibold break-words text-brand underline">
          {hit.label}
        </Link>
        {statusKind && hit.status ? <StatusBadge kind={statusKind} status={hit.status} locale={locale} /> : null}
        {amount ? <span className="font-semibold whitespace-nowrap text-ink">{amount}</span> : null}
      </div>
      {hit.detail ? <p className="mt-1 text-sm break-words text-ink">{hit.detail}</p> : null}
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        <span>
          {t.id} <code className="font-mono break-all">{hit.id}</code>
        </span>
        <span>
          {t.matchedBy} {t.matched[hit.matched]}
        </span>
        <DateTime value={hit.created_at} locale={locale} />
      </p>
    </li>
  );
}

function Group({ group, locale }: { group: SearchGroup; locale: Locale }) {
  const t = searchCopy[locale];
  const headingId = `search-${group.kind}`;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid={`search-group-${group.kind}`}>
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t.kinds[group.kind]} {group.more ? <span className="text-sm font-normal text-muted">({t.firstOnly(SEARCH_GROUP_LIMIT)})</span> : null}
      </h2>
      <ul className="mt-1">
        {group.hits.map((hit) => (
          <Hit key={hit.id} hit={hit} locale={locale} />
        ))}
      </ul>
      {group.see_all ? (
        <Link href={localized(group.see_all, locale)} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand underline">
          {t.seeAll}
        </Link>
      ) : group.more ? (
        <p className="mt-2 text-sm text-muted">{t.narrow}</p>
      ) : null}
    </section>
  );
}

/** The results, grouped by kind, each hit linking to its dashboard page; the notice and empty state in words. */
export function SearchResultsView({ results, locale }: { results: SearchResults; locale: Locale }) {
  const t = searchCopy[locale];
  return (
    <div>
      <p className="mt-1 text-muted" aria-live="polite">
        {t.resultsFor(results.query)}
      </p>
      {results.notice === "phone_too_short" ? (
        <p role="note" className="mt-3 rounded-lg border border-line bg-warning p-3 text-sm text-warning-ink">
          {t.phoneTooShort}
        </p>
      ) : null}
      {results.groups.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-line bg-surface p-5">
          <p className="font-semibold text-ink">{t.none(results.query)}</p>
          <p className="mt-2 text-sm text-muted">{t.noneHelp}</p>
          <p className="mt-2 text-sm text-muted">{t.phoneHint}</p>
        </div>
      ) : (
        results.groups.map((group) => <Group key={group.kind} group={group} locale={locale} />)
      )}
    </div>
  );
}
