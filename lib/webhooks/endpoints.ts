import net from "node:net";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { applications, webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { contextActor, recordAudit } from "@/lib/audit/record";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { MAX_ENDPOINTS, privateTargetsAllowed } from "./policy";
import type { CreateEndpointBody, EndpointResource, UpdateEndpointBody } from "./schemas";
import { newSigningSecret, sealSecret } from "./secret";
import { bareHost, blockedAddressReason, isLocalHostname } from "./targets";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

// What the merchant's audit log keeps of an endpoint: where it sends and what, never its secrets.
const auditView = (e: WebhookEndpoint) => ({ url: e.url, description: e.description, enabled_events: e.enabledEvents, enabled: e.enabled, mode: e.mode, application_id: e.applicationId });

/** A change of an endpoint, in the merchant's audit log, in the transaction of the change. */
const auditEndpoint = (ctx: Scoped, action: string, id: string, before: WebhookEndpoint | null, after: Record<string, unknown> | null) =>
  recordAudit(ctx.db, { actor: contextActor(ctx), action, targetType: "webhook_endpoint", targetId: id, before: before && auditView(before), after, merchantId: ctx.merchant.id });

export function endpointResource(row: WebhookEndpoint): EndpointResource {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    enabled_events: row.enabledEvents,
    enabled: row.enabled,
    application_id: row.applicationId,
    livemode: row.mode === "live",
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The rules of a URL beyond its shape: HTTPS in live mode; and, unless private targets are
 * allowed, no localhost or literal non-public address (names are checked again on every
 * attempt, on the address actually connected to).
 */
export function checkEndpointUrl(url: string, mode: DomainContext["mode"], allowPrivate = privateTargetsAllowed()): void {
  const parsed = new URL(url);
  if (mode === "live" && parsed.protocol !== "https:") throw new ApiError("WEBHOOK_URL_HTTPS_REQUIRED", undefined, { param: "url" });
  if (allowPrivate) return;
  const host = bareHost(parsed.hostname);
  if (isLocalHostname(host) || (net.isIP(host) && blockedAddressReason(host))) throw new ApiError("WEBHOOK_URL_NOT_ALLOWED", undefined, { param: "url" });
}

// The merchant's own endpoints: listen sessions (kind `cli`, lib/webhooks/listen) are neither listed, counted nor editable here.
const scopeOf = (ctx: Scoped) =>
  and(
    eq(webhookEndpoints.merchantId, ctx.merchant.id),
    eq(webhookEndpoints.applicationId, ctx.application.id),
    eq(webhookEndpoints.mode, ctx.mode),
    eq(webhookEndpoints.kind, "http"),
    isNull(webhookEndpoints.deletedAt),
  );

export async function findEndpoint(ctx: Scoped, id: string, options: { lock?: boolean } = {}): Promise<WebhookEndpoint> {
  const query = ctx.db.select().from(webhookEndpoints).where(and(scopeOf(ctx), eq(webhookEndpoints.id, id))).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new ApiError("WEBHOOK_ENDPOINT_NOT_FOUND");
  return row;
}

/** Creates an endpoint; its secret is in this answer only. At most MAX_ENDPOINTS per application and mode. */
export async function createEndpoint(ctx: Scoped, body: CreateEndpointBody): Promise<EndpointResource & { secret: string }> {
  checkEndpointUrl(body.url, ctx.mode);
  // The application row lock serializes concurrent creations, so the cap holds exactly.
  await ctx.db.select({ id: applications.id }).from(applications).where(eq(applications.id, ctx.application.id)).for("update");
  const [{ n }] = await ctx.db.select({ n: count() }).from(webhookEndpoints).where(scopeOf(ctx));
  if (n >= MAX_ENDPOINTS) throw new ApiError("WEBHOOK_ENDPOINT_LIMIT_REACHED");
  const id = newId("we");
  const secret = newSigningSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      id,
      merchantId: ctx.merchant.id,
      applicationId: ctx.application.id,
      mode: ctx.mode,
      url: body.url,
      description: body.description ?? null,
      enabledEvents: body.enabled_events ?? ["*"],
      enabled: body.enabled,
      secretCiphertext: sealSecret(id, secret),
    })
    .returning();
  await auditEndpoint(ctx, "webhook_endpoint.create", id, null, auditView(row));
  return { ...endpointResource(row), secret };
}

export async function listEndpoints(ctx: Scoped): Promise<EndpointResource[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(scopeOf(ctx)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(endpointResource);
}

export async function getEndpoint(ctx: Scoped, id: string): Promise<EndpointResource> {
  return endpointResource(await findEndpoint(ctx, id));
}

export async function updateEndpoint(ctx: Scoped, id: string, body: UpdateEndpointBody): Promise<EndpointResource> {
  const before = await findEndpoint(ctx, id, { lock: true });
  if (body.url !== undefined) checkEndpointUrl(body.url, ctx.mode);
  const patch: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
  if (body.url !== undefined) patch.url = body.url;
  if (body.description !== undefined) patch.description = body.description;
  if (body.enabled_events !== undefined) patch.enabledEvents = body.enabled_events;
  if (body.enabled !== undefined) patch.enabled = body.enabled;
  const [row] = await ctx.db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id)).returning();
  await auditEndpoint(ctx, "webhook_endpoint.update", id, before, auditView(row));
  return endpointResource(row);
}

/**
 * Deletes an endpoint: it receives nothing more, its PENDING deliveries end FAILED, and its
 * delivery log stays readable (the row is kept with deleted_at).
 */
export async function deleteEndpoint(ctx: Scoped, id: string): Promise<{ id: string; deleted: true }> {
  const before = await findEndpoint(ctx, id, { lock: true });
  await ctx.db.update(webhookEndpoints).set({ deletedAt: sql`now()` as unknown as Date, enabled: false, updatedAt: sql`now()` as unknown as Date }).where(eq(webhookEndpoints.id, id));
  await ctx.db
    .update(webhookDeliveries)
    .set({ status: "FAILED", nextAttemptAt: null, claimToken: null, lastError: "endpoint deleted: not sent", updatedAt: sql`now()` as unknown as Date })
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "PENDING")));
  await auditEndpoint(ctx, "webhook_endpoint.delete", id, before, null);
  return { id, deleted: true };
}

/**
 * Replaces the signing secret; the new one is in this answer only. With a grace period the
 * previous secret keeps signing beside it until then (receivers accept either signature).
 */
export async function rollEndpointSecret(ctx: Scoped, id: string, graceSeconds: number): Promise<EndpointResource & { secret: string }> {
  const current = await findEndpoint(ctx, id, { lock: true });
  const secret = newSigningSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secretCiphertext: sealSecret(id, secret),
      previousSecretCiphertext: graceSeconds > 0 ? current.secretCiphertext : null,
      previousSecretExpiresAt: graceSeconds > 0 ? (sql`now() + ${graceSeconds}::int * interval '1 second'` as unknown as Date) : null,
      updatedAt: sql`now()` as unknown as Date,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  await auditEndpoint(ctx, "webhook_endpoint.roll_secret", id, current, { ...auditView(row), grace_period_seconds: graceSeconds });
  return { ...endpointResource(row), secret };
}

/** Enabled endpoints of the context's application and mode, oldest first. */
export async function activeEndpoints(db: Database, ctx: Scoped): Promise<WebhookEndpoint[]> {
  return db.select().from(webhookEndpoints).where(and(scopeOf(ctx), eq(webhookEndpoints.enabled, true))).orderBy(asc(webhookEndpoints.createdAt));
}
