import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { ApiKey, Application, Merchant, Mode } from "@/db/schema";
import { findActiveKey, hashApiKey, modeOfKey } from "@/lib/platform/api-keys";
import { liveGateFailure } from "@/lib/platform/merchants";
import { systemNow } from "@/lib/clock";
import { cacheGeneration, cachedKey, noteKeyTouched, storeKey, type KeyRecord } from "./api-key-cache";
import { ApiError } from "@/lib/core/errors";

export type KeyIdentity = { key: Pick<ApiKey, "id" | "mode">; merchant: Merchant; application: Application; mode: Mode };

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolves `Authorization: Bearer sk_…` to the merchant, application and mode, then applies the
 * live-mode gates. A header that is absent or not a Bearer secret key is UNAUTHORIZED; a
 * well-formed key that is unknown or revoked is INVALID_API_KEY.
 */
export async function authenticateKey(db: Database, request: Request): Promise<KeyIdentity> {
  const token = bearerToken(request);
  if (!token || !/^sk_(test|live)_/.test(token)) throw new ApiError("UNAUTHORIZED");
  if (!modeOfKey(token)) throw new ApiError("INVALID_API_KEY");
  const hash = hashApiKey(token);
  const { record, touchedAt } = await activeKey(db, token, hash);
  const { key, merchant, application } = record;
  const mode = key.mode;
  if (mode === "live") {
    const gate = liveGateFailure(merchant, systemNow());
    if (gate) throw new ApiError(gate);
  }
  await touchApiKey(db, hash, key.id, touchedAt);
  return { key: { id: key.id, mode }, merchant, application, mode };
}

/** From the in-process cache (lib/http/api-key-cache.ts), else from the database, then cached. */
async function activeKey(db: Database, token: string, hash: string): Promise<{ record: KeyRecord; touchedAt: number }> {
  const cached = cachedKey(db, hash);
  if (cached) return cached;
  const generation = cacheGeneration(db);
  const record = await findActiveKey(db, token);
  if (!record) throw new ApiError("INVALID_API_KEY");
  const touchedAt = record.key.lastUsedAt?.getTime() ?? 0;
  storeKey(db, hash, record, generation, touchedAt);
  return { record, touchedAt };
}

const TOUCH_EVERY_MS = 60_000;

/** Keeps "last used" (shown on the dashboard) fresh to the minute without a write on every request. */
async function touchApiKey(db: Database, hash: string, keyId: string, touchedAt: number): Promise<void> {
  const now = systemNow();
  if (now.getTime() - touchedAt < TOUCH_EVERY_MS) return;
  noteKeyTouched(db, hash, now.getTime());
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
}
