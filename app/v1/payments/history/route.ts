import { route } from "@/lib/http/route";
import { paymentHistory } from "@/lib/payments/list";
import { HistoryInput, paymentHistorySchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "payments",
    query: HistoryInput,
    doc: {
      summary: "Payment history",
      description:
        "`limit` 1–100 (default 20), `offset` ≥ 0 (default 0), optional `status`, `from` (inclusive) and `to` (exclusive) as ISO 8601 dates or date-times on `created_at`. `data` = `{transactions: [payment objects, newest first], pagination: {limit, offset, total}}`.",
      tags: ["Payments"],
      response: paymentHistorySchema,
      errors: ["INVALID_DATE_RANGE"],
    },
  },
  (ctx, { query }) => paymentHistory(ctx, query),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
