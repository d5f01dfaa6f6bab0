import { accountRoute } from "@/lib/http/account-route";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { listLogs } from "@/lib/webhooks/logs";
import { ListLogsQuery } from "@/lib/webhooks/schemas";

// GET /v1/webhooks/endpoints + GET /v1/webhooks/logs (same filters) for the dashboard's application and mode.
export const GET = accountRoute({ who: "merchant", permission: "developers.read", query: ListLogsQuery }, async (ctx, { query }) => {
  const endpoints = await listEndpoints(ctx);
  const logs = await listLogs(ctx, query);
  return { endpoints, logs: logs.items, pagination: logs.pagination };
});
