import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { apiKeys, applications, merchants, type KeyPermissionLevel, type Mode } from "@/db/schema";
import { authChanged } from "@/lib/platform/auth-changed";
import { newId, randomString } from "@/lib/ids";
import { systemNow } from "@/lib/clock";

// 32 base62 characters ≈ 190 bits of randomness.
const SECRET_LENGTH = 32;
export const API_KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{32}$/;

export const hashApiKey = (key: string): string => createHash("sha256").update(key).digest("hex");

export const modeOfKey = (key: string): Mode | null => {
  const m = API_KEY_PATTERN.exec(key);
  return m ? (m[1] as Mode) : null;
};

export type IssuedKey = { id: string; key: string; prefix: string; last4: string; mode: Mode };

/**
 * Creates a key and returns it in full: the only time it is ever visible. With `permissions` it is
 * a restricted key (lib/platform/key-permissions.ts), without them a standard key that can do everything.
 */
export async function issueApiKey(
  db: Database,
  input: { merchantId: string; applicationId: string; mode: Mode; name?: string; permissions?: Record<string, KeyPermissionLevel> },
): Promise<IssuedKey> {
  const key = `sk_${input.mode}_${randomString(SECRET_LENGTH)}`;
  const row = {
    id: newId("key"),
    merchantId: input.merchantId,
    applicationId: input.applicationId,
    mode: input.mode,
    keyHash: hashApiKey(key),
    prefix: key.slice(0, 12),
    last4: key.slice(-4),
    name: input.name ?? null,
    permissions: input.permissions ?? null,
  };
  await db.insert(apiKeys).values(row);
  return { id: row.id, key, prefix: row.prefix, last4: row.last4, mode: input.mode };
}

/** Refused from the very next request on this instance, and on the others once they receive the commit's notification (lib/http/api-key-cache.ts). */
export async function revokeApiKey(db: Database, merchantId: string, keyId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(apiKeys)
      .set({ revokedAt: systemNow() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.merchantId, merchantId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (rows.length === 1) await authChanged(tx as unknown as Database, merchantId);
    return rows.length === 1;
  });
}

// Every /v1 request whose key the cache does not hold reads it here (db/prepared.ts).
const activeKeyByHash = preparedQuery((db) =>
  db
    .select({ key: apiKeys, merchant: merchants, application: applications })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .innerJoin(applications, eq(applications.id, apiKeys.applicationId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare("active_api_key"),
);

/** Finds the live (unrevoked) key with its merchant and application, by hash. */
export async function findActiveKey(db: Database, key: string) {
  const [row] = await activeKeyByHash(db).execute({ hash: hashApiKey(key) });
  return row ?? null;
}

export async function listApiKeys(db: Database, merchantId: string) {
  return db
    .select({ id: apiKeys.id, applicationId: apiKeys.applicationId, mode: apiKeys.mode, prefix: apiKeys.prefix, last4: apiKeys.last4, name: apiKeys.name, permissions: apiKeys.permissions, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(eq(apiKeys.merchantId, merchantId));
}
