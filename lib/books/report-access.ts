import { eq } from "drizzle-orm";
import { reports, type Report } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { Database } from "@/db/client";
import type { Mode } from "@/db/schema";
import { verifyDownloadLink } from "./report-link";
import { findReport } from "./reports";

/**
 * Who may download a report: the holder of its signed link, or a key of its merchant and mode.
 * A bad link says only that the link is invalid, never whether the report exists.
 */
export async function findReportForDownload(
  db: Database,
  who: { by: "key"; merchantId: string; mode: Mode } | { by: "link"; expires: string | null; signature: string | null },
  id: string,
): Promise<Report> {
  if (who.by === "key") return findReport(db, { merchantId: who.merchantId, mode: who.mode }, id);
  if (!verifyDownloadLink(id, who.expires, who.signature)) throw new ApiError("REPORT_LINK_INVALID");
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  if (!row) throw new ApiError("REPORT_LINK_INVALID");
  return row;
}
