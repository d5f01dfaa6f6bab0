import { and, eq, isNull, sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { newSigningSecret, sealSecret } from "../secret";
import { closeSessions, staleSql } from "./close";
import { LISTEN_SESSION_PREFIX, type CreateSessionBody, type ListenSessionResource } from "./schemas";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

export const streamPath = (id: string) => `/v1/webhooks/listen-sessions/${id}/stream`;

/**
 * Open sessions per application (test mode only): each one receives a delivery of every event, so
 * a script that starts sessions in a loop would multiply its own deliveries without bound.
 */
export const MAX_OPEN_SESSIONS = 10;

/**
 * Refuses an eleventh open session, after closing the application's abandoned ones (so a CLI
 * killed without its DELETE does not hold a place). Two creations at once are serialised by a
 * per-application lock for the rest of the request's transaction, so neither can make the eleventh.
 */
async function assertRoomForSession(ctx: Scoped): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`listen:${ctx.application.id}:${ctx.mode}`}, 0))`);
  const open = await ctx.db
    .select({ id: webhookEndpoints.id, stale: sql<boolean>`${staleSql("webhook_endpoints")}` })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.kind, "cli"), eq(webhookEndpoints.applicationId, ctx.application.id), eq(webhookEndpoints.mode, ctx.mode), isNull(webhookEndpoints.deletedAt)));
  const closed = await closeSessions(ctx.db, open.filter((s) => s.stale).map((s) => s.id));
  if (open.length - closed.length >= MAX_OPEN_SESSIONS) throw new ApiError("LISTEN_SESSION_LIMIT_REACHED");
}

/**
 * POST /v1/webhooks/listen-sessions: a webhook endpoint of kind `cli` (docs/decisions/listen.md),
 * which the dispatcher fans events out to like any endpoint, and whose deliveries its stream hands
 * to the CLI. Its URL is a name, never fetched. Its secret is in this answer only. Counts as seen
 * now: the CLI has a minute to open the stream.
 */
export async function createSession(ctx: Scoped, body: CreateSessionBody): Promise<ListenSessionResource> {
  await assertRoomForSession(ctx);
  const id = newId(LISTEN_SESSION_PREFIX);
  const secret = newSigningSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      id,
      merchantId: ctx.merchant.id,
      applicationId: ctx.application.id,
      mode: ctx.mode,
      kind: "cli",
      url: `listen://${id}`,
      description: "cauri listen",
      enabledEvents: body.events ?? ["*"],
      enabled: true,
      secretCiphertext: sealSecret(id, secret),
      lastSeenAt: sql`now()` as unknown as Date,
    })
    .returning();
  return { id, object: "listen_session", secret, enabled_events: row.enabledEvents, stream_url: streamPath(id), created_at: row.createdAt.toISOString() };
}

/** The key's application and mode's session, open or closed; another's is 404. */
async function sessionRow(ctx: Scoped, id: string): Promise<WebhookEndpoint & { stale: boolean }> {
  const [row] = await ctx.db
    .select({ endpoint: webhookEndpoints, stale: sql<boolean>`${staleSql("webhook_endpoints")}` })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.kind, "cli"),
        eq(webhookEndpoints.merchantId, ctx.merchant.id),
        eq(webhookEndpoints.applicationId, ctx.application.id),
        eq(webhookEndpoints.mode, ctx.mode),
      ),
    );
  if (!row) throw new ApiError("LISTEN_SESSION_NOT_FOUND");
  return { ...row.endpoint, stale: row.stale };
}

/**
 * An open session, or 410 LISTEN_SESSION_CLOSED: deleted, or unseen for a minute (then closed
 * here, as the dispatcher would on its next event).
 */
export async function openSession(ctx: Scoped, id: string): Promise<WebhookEndpoint> {
  const row = await sessionRow(ctx, id);
  if (row.stale && !row.deletedAt) await closeSessions(ctx.db, [row.id]);
  if (row.deletedAt || row.stale) throw new ApiError("LISTEN_SESSION_CLOSED");
  return row;
}

/** The stream's heartbeat: the session is seen now. False once it is closed (the stream then ends). */
export async function touchSession(db: Scoped["db"], id: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`update webhook_endpoints set last_seen_at = now() where id = ${id} and kind = 'cli' and deleted_at is null returning id`));
  return rows.length > 0;
}

/**
 * DELETE /v1/webhooks/listen-sessions/{id}: the session is closed and its PENDING deliveries end
 * FAILED ("listen session closed"); a stream still open on it ends at its next heartbeat.
 * Closing a closed session answers the same (the CLI's exit may follow the automatic close).
 */
export async function deleteSession(ctx: Scoped, id: string): Promise<{ id: string; object: "listen_session"; closed: true }> {
  const row = await sessionRow(ctx, id);
  await closeSessions(ctx.db, [row.id]);
  return { id: row.id, object: "listen_session", closed: true };
}
