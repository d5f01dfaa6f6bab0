import { listAnswer } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { listLogs } from "@/lib/webhooks/logs";
import { ListLogsQuery, logListExtra, logListSchema } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    query: ListLogsQuery,
    doc: {
      summary: "List webhook deliveries",
      description:
        "The delivery log of the key's application and mode, newest first: one record per event and endpoint with its status (PENDING, SUCCESS, FAILED), the last HTTP status and response excerpt, and the attempt count. " +
        "Query: `page` (from 1), `limit` (1..100, default 20), `status`, `event_type`, `endpoint_id`, `application_id` (must be the key's own application; another is 404). `data` is the array; `pagination` sits beside it.",
      tags: ["Webhooks"],
      response: logListSchema,
      responseExtra: logListExtra,
      errors: ["INVALID_EVENT_TYPE", "WEBHOOK_APPLICATION_NOT_FOUND"],
    },
  },
  async (ctx, { query }) => listAnswer(await listLogs(ctx, query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
