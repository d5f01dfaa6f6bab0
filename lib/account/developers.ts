import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { apiKeys, applications, type Mode } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { issueApiKey, listApiKeys, revokeApiKey } from "@/lib/platform/api-keys";
import { contextActor, recordAudit } from "@/lib/audit/record";
import { createApplication } from "@/lib/platform/merchants";
import { merchantApplication } from "@/lib/auth/dashboard-context";

/** The Developers page: applications and the API keys of the current mode (test and live keys are never listed together). */

export const CreateApplicationInput = input(z.object({ name: z.string().trim().min(1).max(60) }), { name: "INVALID_APPLICATION_NAME" });
export const CreateKeyInput = input(z.object({ application_id: z.string().min(1).max(64) }));

export type KeyView = {
  id: string;
  application_id: string;
  mode: Mode;
  /** `sk_test_AbCd…wxyz`: enough to recognise a key, never enough to use it. */
  display: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
};

export type ApplicationView = { id: string; name: string; created_at: string; keys: KeyView[] };

export async function developersOverview(db: Database, merchantId: string, mode: Mode): Promise<{ mode: Mode; applications: ApplicationView[] }> {
  // One query after the other: a request never holds two pooled connections at once.
  const apps = await db.select().from(applications).where(eq(applications.merchantId, merchantId)).orderBy(asc(applications.createdAt), asc(applications.id));
  const keys = await listApiKeys(db, merchantId);
  return {
    mode,
    applications: apps.map((app) => ({
      id: app.id,
      name: app.name,
      created_at: app.createdAt.toISOString(),
      keys: keys
        .filter((k) => k.applicationId === app.id && k.mode === mode)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map((k) => ({
          id: k.id,
          application_id: k.applicationId,
          mode: k.mode,
          display: `${k.prefix}…${k.last4}`,
          created_at: k.createdAt.toISOString(),
          revoked_at: k.revokedAt?.toISOString() ?? null,
          last_used_at: k.lastUsedAt?.toISOString() ?? null,
        })),
    })),
  };
}

export async function addApplication(ctx: DomainContext, name: string): Promise<ApplicationView> {
  const app = await createApplication(ctx.db, ctx.merchant.id, name);
  return { id: app.id, name: app.name, created_at: app.createdAt.toISOString(), keys: [] };
}

/**
 * A new key for one of the merchant's applications in the dashboard's current mode; the full
 * key is in this answer only. Live keys need production access (they would be refused anyway).
 */
export async function createKey(ctx: DomainContext, applicationId: string): Promise<{ key: string; view: KeyView }> {
  const app = await merchantApplication(ctx.db, ctx.merchant.id, applicationId);
  if (ctx.mode === "live" && !ctx.merchant.productionEnabled) throw new ApiError("PRODUCTION_ACCESS_REQUIRED");
  const issued = await issueApiKey(ctx.db, { merchantId: ctx.merchant.id, applicationId: app.id, mode: ctx.mode });
  const display = `${issued.prefix}…${issued.last4}`;
  await recordAudit(ctx.db, {
    actor: contextActor(ctx),
    action: "api_key.create",
    targetType: "api_key",
    targetId: issued.id,
    before: null,
    after: { application_id: app.id, mode: issued.mode, display },
    merchantId: ctx.merchant.id,
  });
  return {
    key: issued.key,
    view: { id: issued.id, application_id: app.id, mode: issued.mode, display, created_at: systemNow().toISOString(), revoked_at: null, last_used_at: null },
  };
}

/** Revokes one of the merchant's keys of the current mode; anything else (another merchant's, the other mode's, already revoked) is NOT_FOUND. */
export async function revokeKey(ctx: DomainContext, keyId: string): Promise<{ id: string; revoked: true }> {
  const [row] = await ctx.db
    .select({ id: apiKeys.id, applicationId: apiKeys.applicationId, prefix: apiKeys.prefix, last4: apiKeys.last4 })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.merchantId, ctx.merchant.id), eq(apiKeys.mode, ctx.mode), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row || !(await revokeApiKey(ctx.db, ctx.merchant.id, keyId))) throw new ApiError("NOT_FOUND", "No such active key in this mode.");
  await recordAudit(ctx.db, {
    actor: contextActor(ctx),
    action: "api_key.revoke",
    targetType: "api_key",
    targetId: keyId,
    before: { application_id: row.applicationId, mode: ctx.mode, display: `${row.prefix}…${row.last4}` },
    after: { revoked: true },
    merchantId: ctx.merchant.id,
  });
  return { id: keyId, revoked: true };
}
