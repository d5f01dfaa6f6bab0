import type { Metadata } from "next";
import { pageLocale, type SearchParams } from "@/lib/http/page";
import { opsNavCopy, type OpsSection } from "./nav";

export function opsMetadata(section: OpsSection) {
  return async ({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> => {
    const locale = await pageLocale(searchParams);
    return { title: `${opsNavCopy[locale][section]} · Ops`, robots: { index: false } };
  };
}
