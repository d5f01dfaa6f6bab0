import { accountRoute } from "@/lib/auth/handler";
import { Reply } from "@/lib/http/envelope";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { listLogs } from "@/lib/webhooks/logs";
import { ListLogsQuery } from "@/lib/webhooks/schemas";

// GET /v1/webhooks/endpoints + GET /v1/webhooks/logs (same filters) for the dashboard's application and mode.
export const GET = accountRoute({ who: "merchant", permission: "developers.read", query: ListLogsQuery }, async (ctx, { query }) => {
  const endpoints = await listEndpoints(ctx);
  const logs = await listLogs(ctx, query);
  return logs instanceof Reply ? { endpoints, logs: logs.data, pagination: logs.init.extra?.pagination } : { endpoints, logs };
});
