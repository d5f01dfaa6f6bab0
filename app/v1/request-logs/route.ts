import { listAnswer } from "@/lib/http/envelope";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { listRequestLogs, requestLogListExtra, requestLogListSchema } from "@/lib/request-log/api";
import { RequestLogQuery } from "@/lib/request-log/store";

export const GET = route(
  {
    auth: "key", resource: "request_logs",
    query: RequestLogQuery,
    requestLog: false,
    doc: {
      summary: "List recent API requests",
      description:
        "The last 24 hours of /v1 requests made with the keys of the key's application and mode (a live key reads live requests), without their bodies. " +
        "Query: `status` (`2xx`, `4xx`, `5xx` or one status such as `404`), `path` (a prefix, e.g. `/v1/payments`), `limit` (1..200, default 100), `after` (an entry's id). " +
        "Without `after`: the newest first. With `after`: only the entries logged after it, oldest first, so a poller passing the last id it saw follows the log (`cauri logs tail`). " +
        "Entries are written about a second after their request ends. Requests to /v1/request-logs are not logged themselves. `data` is the array; `has_more` sits beside it.",
      tags: ["Request log"],
      response: requestLogListSchema,
      responseExtra: requestLogListExtra,
      errors: ["INVALID_STATUS_FILTER"],
    },
  },
  async (ctx, { query }) => listAnswer(await listRequestLogs(ctx, query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
