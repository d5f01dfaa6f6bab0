import { accountRoute } from "@/lib/http/account-route";
import { recentRequests, RequestLogQuery } from "@/lib/request-log/store";

// The last 24 hours of /v1 requests made with the keys of the dashboard's application and mode, by status and path prefix.
export const GET = accountRoute({ who: "merchant", permission: "developers.logs", query: RequestLogQuery }, async (ctx, { query }) => ({ requests: await recentRequests(ctx, query) }));
