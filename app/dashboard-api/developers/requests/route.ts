import { z } from "zod";
import { accountRoute } from "@/lib/auth/handler";
import { recentRequests, STATUS_CLASSES } from "@/lib/http/request-log";
import { input } from "@/lib/http/validation";

const RequestLogQuery = input(z.object({ status: z.enum(STATUS_CLASSES).optional(), limit: z.coerce.number().int().min(1).max(200).default(100) }));

// The last 24 hours of /v1 requests made with the keys of the dashboard's application and mode.
export const GET = accountRoute({ who: "merchant", permission: "developers.logs", query: RequestLogQuery }, async (ctx, { query }) => ({ requests: await recentRequests(ctx, query) }));
