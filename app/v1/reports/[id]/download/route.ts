import { findReportForDownload } from "@/lib/books/report-access";
import { reportDownload } from "@/lib/books/report-download";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "optional", resource: "reports",
    doc: {
      summary: "Download a report's file",
      description:
        "The file itself (CSV, XLSX or PDF) as an attachment, streamed. Either the `download_url` of the report (its `expires` and `signature` parameters, no API key: for a browser or a spreadsheet tool) or your API key in `Authorization`. " +
        "A file is kept 7 days after it is ready (410 REPORT_EXPIRED after that).",
      tags: ["Reports"],
      produces: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/pdf"],
      errors: ["REPORT_NOT_FOUND", "REPORT_LINK_INVALID", "REPORT_NOT_READY", "REPORT_EXPIRED"],
    },
  },
  async (ctx, { params }) => {
    const link = new URL(ctx.request.url).searchParams;
    const who = ctx.kind === "key" ? { by: "key" as const, merchantId: ctx.merchant.id, mode: ctx.mode } : { by: "link" as const, expires: link.get("expires"), signature: link.get("signature") };
    return reportDownload(ctx.db, await findReportForDownload(ctx.db, who, params.id));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
