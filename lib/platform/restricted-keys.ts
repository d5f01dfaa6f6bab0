import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { apiKeys, type Mode } from "@/db/schema";
import { contextActor, recordAudit } from "@/lib/audit/record";
import { merchantApplication } from "@/lib/auth/dashboard-context";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { issueApiKey } from "./api-keys";
import { describePermissions, KEY_RESOURCES, KeyPermissionsSchema, type KeyPermissions } from "./key-permissions";

/** Restricted keys in the dashboard: created with a name and permissions, listed with them, revoked as any key. */

export const CreateRestrictedKeyInput = input(
  z.object({
    application_id: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(60),
    permissions: KeyPermissionsSchema,
  }),
  { name: "INVALID_KEY_NAME", permissions: "INVALID_KEY_PERMISSIONS" },
);

export type RestrictedKeyView = {
  id: string;
  application_id: string;
  mode: Mode;
  name: string;
  /** Every resource with its level ("none" included), in the order of KEY_RESOURCES. */
  permissions: KeyPermissions;
  display: string;
  created_at: string;
  revoked_at: string | null;
};

const completed = (stored: Record<string, string>): KeyPermissions => Object.fromEntries(KEY_RESOURCES.map((r) => [r, stored[r] ?? "none"])) as KeyPermissions;

/**
 * A restricted key for one of the merchant's applications in the dashboard's current mode, shown
 * in full in this answer only. Live keys need production access, as standard keys do.
 */
export async function createRestrictedKey(
  ctx: DomainContext,
  body: { application_id: string; name: string; permissions: KeyPermissions },
): Promise<{ key: string; view: RestrictedKeyView }> {
  const app = await merchantApplication(ctx.db, ctx.merchant.id, body.application_id);
  if (ctx.mode === "live" && !ctx.merchant.productionEnabled) throw new ApiError("PRODUCTION_ACCESS_REQUIRED");
  const issued = await issueApiKey(ctx.db, { merchantId: ctx.merchant.id, applicationId: app.id, mode: ctx.mode, name: body.name, permissions: body.permissions });
  const display = `${issued.prefix}…${issued.last4}`;
  await recordAudit(ctx.db, {
    actor: contextActor(ctx),
    action: "api_key.create",
    targetType: "api_key",
    targetId: issued.id,
    before: null,
    after: { application_id: app.id, mode: issued.mode, display, name: body.name, permissions: describePermissions(body.permissions) },
    merchantId: ctx.merchant.id,
  });
  return {
    key: issued.key,
    view: { id: issued.id, application_id: app.id, mode: issued.mode, name: body.name, permissions: body.permissions, display, created_at: systemNow().toISOString(), revoked_at: null },
  };
}

/** The merchant's restricted keys of one mode (revoked ones too, as the key list shows them), newest first. */
export async function restrictedKeys(db: Database, merchantId: string, mode: Mode): Promise<RestrictedKeyView[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      applicationId: apiKeys.applicationId,
      mode: apiKeys.mode,
      name: apiKeys.name,
      permissions: apiKeys.permissions,
      prefix: apiKeys.prefix,
      last4: apiKeys.last4,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, merchantId), eq(apiKeys.mode, mode), isNotNull(apiKeys.permissions)));
  return rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((k) => ({
      id: k.id,
      application_id: k.applicationId,
      mode: k.mode,
      name: k.name ?? "",
      permissions: completed(k.permissions ?? {}),
      display: `${k.prefix}…${k.last4}`,
      created_at: k.createdAt.toISOString(),
      revoked_at: k.revokedAt?.toISOString() ?? null,
    }));
}
