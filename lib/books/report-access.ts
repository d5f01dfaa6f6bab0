import { eq } from "drizzle-orm";
import { reports, type Report } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { KeyContext, PublicContext } from "@/lib/http/route";
import { verifyDownloadLink } from "./report-link";
import { findReport } from "./reports";

/**
 * Who may download a report: the holder of its signed link, or a key of its merchant and mode.
 * A bad link says only that the link is invalid, never whether the report exists.
 */
export async function findReportForDownload(ctx: KeyContext | PublicContext, id: string): Promise<Report> {
  if (ctx.kind === "key") return findReport(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode }, id);
  const url = new URL(ctx.request.url);
  if (!verifyDownloadLink(id, url.searchParams.get("expires"), url.searchParams.get("signature"))) throw new ApiError("REPORT_LINK_INVALID");
  const [row] = await ctx.db.select().from(reports).where(eq(reports.id, id)).limit(1);
  if (!row) throw new ApiError("REPORT_LINK_INVALID");
  return row;
}
