import { getReport, reportSchema } from "@/lib/books/reports";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "key", resource: "reports",
    doc: {
      summary: "Retrieve a report",
      description: "Its status and, once READY, a `download_url` valid for one hour (each GET gives a fresh one) and the file's size and SHA-256. Another merchant's or the other mode's report is 404.",
      tags: ["Reports"],
      response: reportSchema,
      errors: ["REPORT_NOT_FOUND"],
    },
  },
  (ctx, { params }) => getReport(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
