import { accountRoute } from "@/lib/http/account-route";
import { dashboardExport } from "@/lib/books/dashboard-export";
import { ExportQuery } from "@/lib/books/report-spec";
import { FileResult } from "@/lib/core/file-result";
import { answer } from "@/lib/http/envelope";

// The export buttons: the file itself up to INLINE_EXPORT_ROWS rows, else 202 with a report to poll.
export const GET = accountRoute({ who: "merchant", permission: "books", query: ExportQuery }, async (ctx, { query }) => {
  const result = await dashboardExport(ctx, query, ctx.user.id);
  return result instanceof FileResult ? result : answer(result.queued, { status: 202 });
});
