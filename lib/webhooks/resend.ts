import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { events, webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { merchantNowSql } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { insertDeliveries, newDeliveryRow, resendNow } from "./deliver";
import { activeEndpoints } from "./endpoints";
import { endpointWants } from "./event-types";
import { getLog } from "./logs";
import { defaultPolicy, type DeliveryPolicy } from "./policy";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

/** The longest window of one bulk re-send, and how many deliveries one call queues. */
export const RESEND_WINDOW_MAX_MS = 30 * 24 * 3_600_000;
export const RESEND_FAILED_BATCH = 1_000;

/**
 * An endpoint of the key's application and mode, deleted ones included (they are refused with
 * their own code). A listen session (kind `cli`) is not one: its CLI forwards what it streams and
 * nothing is ever POSTed to it.
 */
async function namedEndpoint(ctx: Scoped, id: string): Promise<WebhookEndpoint> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.merchantId, ctx.merchant.id),
        eq(webhookEndpoints.applicationId, ctx.application.id),
        eq(webhookEndpoints.mode, ctx.mode),
        eq(webhookEndpoints.kind, "http"),
      ),
    );
  if (!row) throw new ApiError("WEBHOOK_ENDPOINT_NOT_FOUND", undefined, { param: "endpoint_id" });
  if (row.deletedAt) throw new ApiError("WEBHOOK_ENDPOINT_DELETED", undefined, { param: "endpoint_id" });
  return row;
}

/**
 * Where an event is re-sent when no endpoint is named: the enabled endpoints of the application
 * and mode that receive its type, as the fan-out (dispatchEvents) would choose them today, listen
 * sessions apart (activeEndpoints leaves them out: a session gets the events of its own time only).
 */
async function subscribedEndpoints(ctx: Scoped, type: string): Promise<WebhookEndpoint[]> {
  return (await activeEndpoints(ctx.db, ctx)).filter((e) => endpointWants(e.enabledEvents, type));
}

/**
 * POST /v1/webhooks/events/{event_id}/resend: one attempt now (trigger "manual", signed at send
 * time) of the event to the named endpoint, or to every endpoint that receives its type; answers
 * each delivery with every attempt. The delivery of (event, endpoint) is reused whatever its
 * status; one that did not exist (the endpoint was created after the event, or did not receive
 * its type) is created FAILED and unsent, so the worker never sends it beside this attempt, and
 * a crash before the attempt leaves an honest record that resend-failed can queue. A named
 * endpoint gets the event even when it does not subscribe to its type: the developer asked for it.
 *
 * Own transactions: the attempts are HTTP calls to the merchant's servers, made concurrently, and
 * no transaction is held across them.
 */
export const resendEvent = defineOperation(
  { transaction: "own" },
  async function resendEvent(ctx: Scoped, eventId: string, options: { endpointId?: string }, policy: DeliveryPolicy = defaultPolicy()) {
    const [event] = await ctx.db
      .select({ id: events.id, type: events.type })
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.merchantId, ctx.merchant.id), eq(events.applicationId, ctx.application.id), eq(events.mode, ctx.mode)));
    if (!event) throw new ApiError("EVENT_NOT_FOUND");
    const targets = options.endpointId ? [await namedEndpoint(ctx, options.endpointId)] : await subscribedEndpoints(ctx, event.type);
    if (targets.length === 0) throw new ApiError("NO_WEBHOOK_ENDPOINTS");

    const rows = targets.map((e) => ({
      ...newDeliveryRow({ eventId: event.id, eventType: event.type, merchantId: ctx.merchant.id, applicationId: ctx.application.id, mode: ctx.mode, endpointId: e.id, clockOffsetSeconds: ctx.merchant.testClockOffsetSeconds }),
      status: "FAILED" as const,
      nextAttemptAt: null,
      lastError: "created by a resend: not sent yet",
    }));
    await insertDeliveries(ctx.db, rows);
    const deliveries = await ctx.db
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, event.id), inArray(webhookDeliveries.endpointId, targets.map((e) => e.id))));
    const byEndpoint = new Map(deliveries.map((d) => [d.endpointId, d.id]));
    const ids = targets.map((e) => byEndpoint.get(e.id)!);
    // An endpoint deleted meanwhile gets nothing (resendNow answers null); its delivery is answered as it stands.
    await Promise.all(ids.map((id) => resendNow(ctx.db, id, policy)));
    return Promise.all(ids.map((id) => getLog(ctx, id)));
  },
);

/**
 * POST /v1/webhooks/endpoints/{id}/resend-failed: the endpoint's FAILED deliveries created in
 * [from, to) go back to PENDING, due now on the merchant's clock, oldest first, at most
 * RESEND_FAILED_BATCH per call (`has_more`: a second call takes the next ones). The worker then
 * attempts each once (a new automatic attempt, signed at send time); one that fails again ends
 * FAILED, its automatic schedule being spent. One statement claims the rows under their locks
 * and moves them, so two calls at once queue each delivery once.
 */
export const resendFailed = defineOperation({ transaction: "wrapper" }, async function resendFailed(ctx: Scoped, endpointId: string, window: { from: Date; to: Date }) {
  const span = window.to.getTime() - window.from.getTime();
  if (!(span > 0)) throw new ApiError("INVALID_RESEND_WINDOW", "from must be strictly before to: the window [from, to) is empty.", { param: "from" });
  if (span > RESEND_WINDOW_MAX_MS) throw new ApiError("INVALID_RESEND_WINDOW", "The window from..to is longer than 30 days; split it into windows of at most 30 days.", { param: "to" });
  const endpoint = await namedEndpoint(ctx, endpointId);
  if (!endpoint.enabled) throw new ApiError("WEBHOOK_ENDPOINT_DISABLED");

  const inWindow = sql`d.endpoint_id = ${endpoint.id} and d.status = 'FAILED'
    and d.created_at >= ${window.from.toISOString()}::timestamptz and d.created_at < ${window.to.toISOString()}::timestamptz`;
  const queued = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      with picked as (
        select d.id from webhook_deliveries d where ${inWindow}
        order by d.created_at, d.id
        limit ${RESEND_FAILED_BATCH}
        for update skip locked
      )
      update webhook_deliveries d
      set status = 'PENDING', next_attempt_at = ${merchantNowSql(sql.raw("m.test_clock_offset_seconds"), sql.raw("d.mode"))}, claim_token = null, updated_at = now()
      from picked, merchants m
      where d.id = picked.id and m.id = d.merchant_id and d.status = 'FAILED'
      returning d.id`),
  ).map((r) => r.id);
  // Rows queued above are PENDING to this transaction already; any FAILED one left is for the next call.
  const [{ more }] = rowsOf<{ more: boolean }>(await ctx.db.execute(sql`select exists (select 1 from webhook_deliveries d where ${inWindow}) as more`));
  return {
    object: "webhook_resend" as const,
    endpoint_id: endpoint.id,
    queued: queued.length,
    // Ids sort by creation (lib/ids.ts): the order the worker takes them in.
    delivery_ids: queued.sort(),
    has_more: more,
  };
});
