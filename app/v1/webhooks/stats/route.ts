import { route } from "@/lib/http/route";
import { webhookStats } from "@/lib/webhooks/logs";
import { statsSchema, StatsQuery } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    query: StatsQuery,
    doc: {
      summary: "Webhook delivery statistics",
      description:
        "For deliveries created in the last 24 hours and the last 7 days: counts by status, `success_rate` (SUCCESS / finished), p50/p95 delivery latency (event fanned out → first 2xx) and p50/p95 receiver response time over all attempts. " +
        "`application_id`, if given, must be the key's own application.",
      tags: ["Webhooks"],
      response: statsSchema,
      errors: ["WEBHOOK_APPLICATION_NOT_FOUND"],
    },
  },
  (ctx, { query }) => webhookStats(ctx, query.application_id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
