import { defineOperation } from "@/lib/core/operation";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints, type EventPayload, type WebhookAttempt, type WebhookDelivery } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { eventResource } from "./body";
import { resendNow } from "./deliver";
import { defaultPolicy, type DeliveryPolicy } from "./policy";
import type { AttemptResource, ListLogsQueryValues, LogResource } from "./schemas";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function logResource(row: WebhookDelivery, url: string): LogResource {
  return {
    id: row.id,
    status: row.status,
    event_id: row.eventId,
    event_type: row.eventType,
    endpoint_id: row.endpointId,
    url,
    application_id: row.applicationId,
    livemode: row.mode === "live",
    attempt_count: row.attemptCount,
    response_status: row.lastStatusCode,
    response_excerpt: row.lastResponseExcerpt,
    error: row.lastError,
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: iso(row.nextAttemptAt),
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
  };
}

export function attemptResource(row: WebhookAttempt): AttemptResource {
  return {
    id: row.id,
    number: row.number,
    trigger: row.trigger,
    status: row.status,
    url: row.url,
    response_status: row.statusCode,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    duration_ms: row.durationMs,
    created_at: row.startedAt.toISOString(),
  };
}

const deliveryScope = (ctx: Scoped) =>
  and(eq(webhookDeliveries.merchantId, ctx.merchant.id), eq(webhookDeliveries.applicationId, ctx.application.id), eq(webhookDeliveries.mode, ctx.mode));

/** A filter on application_id must name the key's own application: a key sees nothing else. */
export function checkApplicationFilter(ctx: Scoped, applicationId: string | undefined): void {
  if (applicationId !== undefined && applicationId !== ctx.application.id) throw new ApiError("WEBHOOK_APPLICATION_NOT_FOUND", undefined, { param: "application_id" });
}

/** GET /v1/webhooks/logs: `data` = deliveries newest first, `pagination` beside; filters on status, event type and endpoint. */
export async function listLogs(ctx: Scoped, q: ListLogsQueryValues) {
  checkApplicationFilter(ctx, q.application_id);
  const where: SQL[] = [deliveryScope(ctx)!];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (q.event_type) where.push(eq(webhookDeliveries.eventType, q.event_type));
  if (q.endpoint_id) where.push(eq(webhookDeliveries.endpointId, q.endpoint_id));
  const filter = and(...where);
  const [{ n }] = await ctx.db.select({ n: count() }).from(webhookDeliveries).where(filter);
  const rows = await ctx.db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(filter)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map((r) => logResource(r.delivery, r.url)), pagination: { page: q.page, limit: q.limit, total: n, pages: Math.ceil(n / q.limit) } };
}

/** GET /v1/webhooks/logs/{id}: the delivery, every attempt (oldest first) and the event sent. */
export async function getLog(ctx: Scoped, id: string) {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, payload: events.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(deliveryScope(ctx), eq(webhookDeliveries.id, id)));
  if (!row) throw new ApiError("WEBHOOK_LOG_NOT_FOUND");
  const attempts = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(asc(webhookAttempts.number), asc(webhookAttempts.id));
  return { ...logResource(row.delivery, row.url), attempts: attempts.map(attemptResource), event: eventResource(row.payload as EventPayload) };
}

/**
 * POST /v1/webhooks/logs/{id}/retry: one attempt now, whatever the status, recorded with
 * trigger "manual"; answers the delivery with every attempt. A success makes it SUCCESS; a
 * failure leaves the status and the automatic schedule as they were.
 *
 * Own transactions: the attempt is an HTTP call to the merchant's server, and no transaction is held across it.
 */
export const retryLog = defineOperation({ transaction: "own" }, async function retryLog(ctx: Scoped, id: string, policy: DeliveryPolicy = defaultPolicy()) {
  await getLog(ctx, id);
  const outcome = await resendNow(ctx.db, id, policy);
  if (!outcome) throw new ApiError("WEBHOOK_ENDPOINT_DELETED");
  return getLog(ctx, id);
});

type WindowRow = {
  total: number | string;
  pending: number | string;
  success: number | string;
  failed: number | string;
  p50: number | string | null;
  p95: number | string | null;
};

const num = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

/**
 * GET /v1/webhooks/stats: for deliveries created in the last 24 hours and 7 days, counts by
 * status, the success rate of those finished, p50/p95 delivery latency (fan-out → first 2xx)
 * and p50/p95 receiver response time over their attempts.
 */
export async function webhookStats(ctx: Scoped, applicationId?: string) {
  checkApplicationFilter(ctx, applicationId);
  const window = async (interval: string) => {
    const since = sql`now() - ${sql.raw(`interval '${interval}'`)}`;
    const [d] = rowsOf<WindowRow>(
      await ctx.db.execute(sql`
        select count(*) as total,
          count(*) filter (where status = 'PENDING') as pending,
          count(*) filter (where status = 'SUCCESS') as success,
          count(*) filter (where status = 'FAILED') as failed,
          percentile_cont(0.5) within group (order by extract(epoch from (delivered_at - created_at)) * 1000) filter (where delivered_at is not null) as p50,
          percentile_cont(0.95) within group (order by extract(epoch from (delivered_at - created_at)) * 1000) filter (where delivered_at is not null) as p95
        from webhook_deliveries
        where merchant_id = ${ctx.merchant.id} and application_id = ${ctx.application.id} and mode = ${ctx.mode} and created_at >= ${since}`),
    );
    const [a] = rowsOf<{ attempts: number | string; p50: number | string | null; p95: number | string | null }>(
      await ctx.db.execute(sql`
        select count(*) as attempts,
          percentile_cont(0.5) within group (order by a.duration_ms) as p50,
          percentile_cont(0.95) within group (order by a.duration_ms) as p95
        from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where d.merchant_id = ${ctx.merchant.id} and d.application_id = ${ctx.application.id} and d.mode = ${ctx.mode} and d.created_at >= ${since}`),
    );
    const success = Number(d.success);
    const failed = Number(d.failed);
    return {
      total: Number(d.total),
      pending: Number(d.pending),
      success,
      failed,
      success_rate: success + failed === 0 ? null : Math.round((success / (success + failed)) * 10_000) / 10_000,
      attempts: Number(a.attempts),
      latency_ms: { p50: num(d.p50), p95: num(d.p95) },
      response_time_ms: { p50: num(a.p50), p95: num(a.p95) },
    };
  };
  return { application_id: ctx.application.id, livemode: ctx.mode === "live", last_24h: await window("24 hours"), last_7d: await window("7 days") };
}
