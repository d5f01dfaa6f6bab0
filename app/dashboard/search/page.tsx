import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { searchCopy } from "@/components/dashboard/search/copy";
import { localized } from "@/components/dashboard/search/localized";
import { SearchErrorBoundary } from "@/components/dashboard/search/SearchFailed";
import { SearchResultsView } from "@/components/dashboard/search/SearchResultsView";
import { SearchLoading, SearchPrompt, SearchRefused } from "@/components/dashboard/search/SearchStates";
import type { DashboardCtx } from "@/lib/http/account-route";
import { dashboardPage, pageLocale, type SearchParams } from "@/lib/http/page";
import { ApiError } from "@/lib/core/errors";
import type { Locale } from "@/lib/i18n/locale";
import { dashboardSearch, searchableKinds } from "@/lib/search/dashboard-search";
import { SEARCH_MAX_LENGTH } from "@/lib/search/limits";

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const locale = await pageLocale(searchParams);
  return { title: `${searchCopy[locale].title} · ${locale === "fr" ? "Tableau de bord" : "Dashboard"}`, robots: { index: false } };
}

const str = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

/** The search itself, streamed into the frame; the one object of a typed id opens directly. */
async function Results({ ctx, locale, q }: { ctx: Omit<DashboardCtx, "request">; locale: Locale; q: string }) {
  let results;
  try {
    results = await dashboardSearch(ctx, q, searchableKinds(ctx.user.merchantRole, ctx.merchant));
  } catch (error) {
    // The header's field caps the length; a longer q comes from a hand-made URL.
    if (error instanceof ApiError && error.code === "INVALID_SEARCH") return <SearchRefused locale={locale} length={q.trim().length} max={SEARCH_MAX_LENGTH} />;
    throw error;
  }
  if (results.exact) redirect(localized(results.exact.path, locale));
  return <SearchResultsView results={results} locale={locale} />;
}

export default async function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  const q = str((await searchParams).q);
  const { ctx, locale, refused } = await dashboardPage(q ? `/dashboard/search?q=${encodeURIComponent(q)}` : "/dashboard/search", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="home" />;
  const t = searchCopy[locale];
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active={null} query={q}>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      {q.trim() === "" ? (
        <SearchPrompt locale={locale} />
      ) : (
        <SearchErrorBoundary locale={locale}>
          <Suspense key={q} fallback={<SearchLoading locale={locale} />}>
            <Results ctx={ctx} locale={locale} q={q} />
          </Suspense>
        </SearchErrorBoundary>
      )}
    </DashboardFrame>
  );
}
