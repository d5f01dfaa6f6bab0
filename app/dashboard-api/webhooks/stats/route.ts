import { accountRoute } from "@/lib/http/account-route";
import { deliveryDays } from "@/lib/webhooks/daily-stats";
import { webhookStats } from "@/lib/webhooks/logs";

// GET /v1/webhooks/stats for the dashboard's application and mode, plus the per-day chart.
export const GET = accountRoute({ who: "merchant", permission: "developers.read" }, async (ctx) => ({ summary: await webhookStats(ctx), days: await deliveryDays(ctx) }));
