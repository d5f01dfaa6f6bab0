import type { Database } from "@/db/client";
import type { ApiKey, Application, Merchant, Mode } from "@/db/schema";
import { findActiveKey, hashApiKey, modeOfKey } from "@/lib/platform/api-keys";
import { liveGateFailure } from "@/lib/platform/merchants";
import { systemNow } from "@/lib/clock";
import { noteKeyUse } from "@/lib/platform/key-use";
import { cacheGeneration, cachedKey, copyKeyRecord, storeKey, type KeyRecord } from "./api-key-cache";
import { ApiError } from "@/lib/core/errors";

/** `key.permissions`: null for a standard key, the map of a restricted one (lib/platform/key-permissions.ts). */
export type KeyIdentity = { key: Pick<ApiKey, "id" | "mode" | "permissions">; merchant: Merchant; application: Application; mode: Mode };

export function bearerToken(request: { headers: Pick<Headers, "get"> }): string | null {
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
export async function authenticateKey(db: Database, request: { headers: Pick<Headers, "get"> }): Promise<KeyIdentity> {
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
  noteKeyUse(key.id, systemNow(), touchedAt);
  return { key: { id: key.id, mode, permissions: key.permissions ?? null }, merchant, application, mode };
}

type Found = { record: KeyRecord; touchedAt: number };

// Concurrent requests with one cold key share its lookup: a merchant's burst after the cache let
// its key go costs one query, not one per request.
const lookups = new WeakMap<Database, Map<string, Promise<Found | null>>>();

/** From the in-process cache (lib/http/api-key-cache.ts), else from the database, then cached. */
async function activeKey(db: Database, token: string, hash: string): Promise<Found> {
  const cached = cachedKey(db, hash);
  if (cached) return cached;
  let inFlight = lookups.get(db);
  if (!inFlight) lookups.set(db, (inFlight = new Map()));
  let lookup = inFlight.get(hash);
  if (!lookup) {
    const generation = cacheGeneration(db);
    const running = findActiveKey(db, token).then((record) => {
      if (!record) return null;
      const touchedAt = record.key.lastUsedAt?.getTime() ?? 0;
      storeKey(db, hash, record, generation, touchedAt);
      return { record, touchedAt };
    });
    lookup = running.finally(() => inFlight.delete(hash));
    inFlight.set(hash, lookup);
  }
  const found = await lookup;
  if (!found) throw new ApiError("INVALID_API_KEY");
  return { record: copyKeyRecord(found.record), touchedAt: found.touchedAt };
}
