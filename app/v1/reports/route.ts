import { createReport, listReports, reportListSchema, reportSchema } from "@/lib/books/reports";
import { CreateReportInput } from "@/lib/books/report-spec";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const POST = route(
  {
    auth: "key", resource: "reports",
    limit: "reports.create",
    idempotency: "optional",
    body: CreateReportInput,
    status: 201,
    doc: {
      summary: "Ask for a report",
      description:
        "A file of your books for the key's mode, covering created_at in [from, to) (at most 367 days): an export of `payments`, `withdrawals`, `secure_orders`, `subscriptions`, `invoices`, `balance_transactions` or `refunds` (one row per refund request, the number refunded masked) as `csv` (UTF-8 with a byte-order mark, so Excel keeps French accents; `delimiter: \";\"` for French-language Excel) or `xlsx`, or the monthly `statement` as a `pdf`. " +
        "The report starts PENDING and is written in the background (large exports are streamed, whatever their size); when it is READY a `report.ready` event is sent and GET /v1/reports/{id} gives a `download_url`. " +
        "Optional `X-Idempotency-Key`: the same key with the same body returns the same report. 20 per minute.",
      tags: ["Reports"],
      response: reportSchema,
      errors: ["INVALID_REPORT_TYPE", "INVALID_REPORT_FORMAT", "INVALID_REPORT_FILTER", "INVALID_DATE_RANGE"],
    },
  },
  (ctx, { body }) => createReport(ctx, body, ctx.keyId),
);

export const GET = route(
  {
    auth: "key", resource: "reports",
    doc: { summary: "List reports", description: "The 20 latest reports of the key's merchant and mode, newest first.", tags: ["Reports"], response: reportListSchema },
  },
  (ctx) => listReports(ctx),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
