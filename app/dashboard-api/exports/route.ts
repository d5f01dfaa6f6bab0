import { accountRoute } from "@/lib/auth/handler";
import { dashboardExport } from "@/lib/books/dashboard-export";
import { ExportQuery } from "@/lib/books/report-spec";

// The export buttons: the file itself up to INLINE_EXPORT_ROWS rows, else 202 with a report to poll.
export const GET = accountRoute({ who: "merchant", permission: "books", query: ExportQuery }, (ctx, { query }) => dashboardExport(ctx, query, ctx.user.id));
