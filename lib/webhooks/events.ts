import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { events, type EventPayload } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { emitEvent } from "@/lib/events/emit";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { eventResource } from "./body";
import { insertDeliveries, newDeliveryRow } from "./deliver";
import { activeEndpoints } from "./endpoints";
import { endpointWants, type EventType } from "./event-types";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

const eventScope = (ctx: Scoped) => and(eq(events.merchantId, ctx.merchant.id), eq(events.applicationId, ctx.application.id), eq(events.mode, ctx.mode));

/**
 * GET /v1/webhooks/events (test keys): events after the `after` cursor, oldest first; without a
 * cursor, the latest `limit` events, still oldest first, so the last id is the next cursor.
 * Event ids sort by creation time, which is what makes the cursor work.
 */
export async function listEvents(ctx: Scoped, q: { after?: string; limit: number }) {
  const rows = q.after
    ? await ctx.db.select({ payload: events.payload }).from(events).where(and(eventScope(ctx), gt(events.id, q.after))).orderBy(asc(events.id)).limit(q.limit + 1)
    : (await ctx.db.select({ payload: events.payload }).from(events).where(eventScope(ctx)).orderBy(desc(events.id)).limit(q.limit + 1)).reverse();
  const hasMore = rows.length > q.limit;
  const page = q.after ? rows.slice(0, q.limit) : rows.slice(Math.max(0, rows.length - q.limit));
  return { items: page.map((r) => eventResource(r.payload as EventPayload)), has_more: hasMore };
}

export async function getEvent(ctx: Scoped, id: string) {
  const [row] = await ctx.db.select({ payload: events.payload }).from(events).where(and(eventScope(ctx), eq(events.id, id)));
  if (!row) throw new ApiError("EVENT_NOT_FOUND");
  return eventResource(row.payload as EventPayload);
}

/**
 * POST /v1/webhooks/test: emits a `webhook.test` event and creates its deliveries in the same
 * transaction, to every enabled endpoint of the application and mode, or, with `event`, to
 * those that receive that type. The event is marked dispatched at once, so the outbox fan-out
 * never sends it elsewhere. The worker sends the deliveries within a second of the commit.
 */
export async function sendTestEvent(ctx: Scoped & Pick<DomainContext, "now">, requested?: EventType) {
  const targets = (await activeEndpoints(ctx.db, ctx)).filter((e) => !requested || endpointWants(e.enabledEvents, requested));
  if (targets.length === 0) throw new ApiError("NO_WEBHOOK_ENDPOINTS");
  const testId = newId("whtest");
  const payload = await emitEvent(ctx.db, {
    merchantId: ctx.merchant.id,
    applicationId: ctx.application.id,
    mode: ctx.mode,
    type: "webhook.test",
    object: { id: testId, object: "webhook_test", requested_event: requested ?? null, message: "A test event sent by POST /v1/webhooks/test. Check its signature and answer 2xx." },
    at: ctx.now,
  });
  const rows = targets.map((e) =>
    newDeliveryRow({ eventId: payload.id, eventType: "webhook.test", merchantId: ctx.merchant.id, applicationId: ctx.application.id, mode: ctx.mode, endpointId: e.id, clockOffsetSeconds: ctx.merchant.testClockOffsetSeconds }),
  );
  await insertDeliveries(ctx.db, rows);
  await ctx.db.update(events).set({ dispatchedAt: sql`now()` as unknown as Date }).where(eq(events.id, payload.id));
  const urls = new Map(targets.map((e) => [e.id, e.url]));
  return { event_id: payload.id, type: "webhook.test" as const, deliveries: rows.map((r) => ({ id: r.id!, endpoint_id: r.endpointId, url: urls.get(r.endpointId)! })) };
}
