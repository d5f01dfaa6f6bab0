import type { Metadata } from "next";
import { pageLocale, type SearchParams } from "@/lib/http/page";
import { navCopy, type DashboardSection } from "./nav";

/** `<title>` of a dashboard page in the page's language. */
export function dashboardMetadata(section: DashboardSection) {
  return async ({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> => {
    const locale = await pageLocale(searchParams);
    return { title: `${navCopy[locale][section]} · ${locale === "fr" ? "Tableau de bord" : "Dashboard"}`, robots: { index: false } };
  };
}
