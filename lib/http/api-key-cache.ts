import { AUTH_CHANGED_CHANNEL, onAuthChanged } from "@/lib/platform/auth-changed";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import type { ApiKey, Application, Merchant } from "@/db/schema";
import { log } from "@/lib/log";

/**
 * In-process cache of API key hash → key, merchant and application, so that a request with a
 * known key skips the lookup query. It is only as good as its invalidation:
 *
 * - Every write that changes what authentication returns (a key revoked, a merchant's flags,
 *   plan or test clock) calls `authChanged(db, merchantId)` (lib/platform/auth-changed.ts) in the same transaction. That drops
 *   the merchant's entries in this process at once and holds the merchant out of the cache until
 *   the change has committed; it also sends a PostgreSQL NOTIFY, which PostgreSQL delivers to
 *   every instance (and ops CLI writers reach them the same way) only once the transaction
 *   commits.
 * - Each instance LISTENs on one dedicated connection and proves the channel works with a probe
 *   notification every PROBE_MS. Until a probe has come back, or as soon as one is late, the
 *   cache is bypassed and emptied: a lost connection can never leave stale entries serving.
 * - Entries also expire after TTL_MS, a backstop for a writer that forgot `authChanged`.
 *
 * Off with CAURI_KEY_CACHE=off, and on the embedded database served over the wire (see
 * `enabled`): every request then reads its key, as before.
 */

export type KeyRecord = { key: ApiKey; merchant: Merchant; application: Application };

const PROBE_PREFIX = "probe:";
const PROBE_MS = 2_000;
const TTL_MS = 60_000;
// A local change whose notification never comes (its transaction rolled back) stops holding its merchant out after this.
const UNSETTLED_MS = 10_000;
/** Past this many keys the oldest stored is dropped: a merchant's thousands of keys cost megabytes, never more. */
export const KEY_CACHE_MAX_ENTRIES = 10_000;

type Entry = { record: KeyRecord; storedAt: number; touchedAt: number };

type CacheState = {
  db: Database;
  entries: Map<string, Entry>;
  /** Bumped by every invalidation: a lookup that started before one must not store its answer. */
  generation: number;
  /** Merchants changed by this process whose change has not been seen committed yet. */
  unsettled: Map<string, number>;
  live: boolean;
  listening: "no" | "starting" | "yes";
  probe: { token: string; sentAt: number } | null;
  timer: NodeJS.Timeout | null;
};

// On globalThis, like the database handle: every copy of this module (Next.js bundles routes
// separately) and every route must see the same entries and the same invalidations.
const globalRef = globalThis as unknown as { __cauriKeyCache?: { byDb: WeakMap<Database, CacheState>; all: Set<CacheState> } };
const registry = (globalRef.__cauriKeyCache ??= { byDb: new WeakMap(), all: new Set() });

// DATABASE_PREPARE=false is the embedded database served over the wire (scripts/launch.ts): it answers a
// notification to the connection that committed, never to a listener, so listening would only hold a slot.
const enabled = () => process.env.CAURI_KEY_CACHE !== "off" && process.env.DATABASE_PREPARE !== "false";
const clock = () => performance.now();

function stateOf(db: Database): CacheState {
  let state = registry.byDb.get(db);
  if (!state) {
    state = { db, entries: new Map(), generation: 0, unsettled: new Map(), live: false, listening: "no", probe: null, timer: null };
    registry.byDb.set(db, state);
    registry.all.add(state);
  }
  return state;
}

function dropMerchant(state: CacheState, merchantId: string): void {
  state.generation++;
  for (const [hash, entry] of state.entries) if (entry.record.merchant.id === merchantId) state.entries.delete(hash);
}

function goDark(state: CacheState): void {
  state.live = false;
  state.generation++;
  state.entries.clear();
}

function isUnsettled(state: CacheState, merchantId: string, now: number): boolean {
  const until = state.unsettled.get(merchantId);
  if (until === undefined) return false;
  if (until > now) return true;
  state.unsettled.delete(merchantId);
  return false;
}

function onNotification(state: CacheState, payload: string): void {
  if (payload.startsWith(PROBE_PREFIX)) {
    if (state.probe && payload === PROBE_PREFIX + state.probe.token) {
      state.probe = null;
      state.live = true;
    }
    return;
  }
  state.unsettled.delete(payload);
  dropMerchant(state, payload);
}

async function listen(state: CacheState): Promise<void> {
  const client = (state.db as unknown as { $client?: unknown }).$client;
  const onPayload = (payload: string) => onNotification(state, payload);
  // Subscribed anew (first time, or after the driver reconnected): whatever was sent meanwhile is lost.
  const onListen = () => goDark(state);
  state.listening = "starting";
  try {
    if (typeof client === "function" && "listen" in client) {
      // postgres.js: a dedicated connection, which the driver subscribes again after a reconnection.
      await (client as unknown as { listen: (c: string, fn: (p: string) => void, onlisten: () => void) => Promise<unknown> }).listen(AUTH_CHANGED_CHANNEL, onPayload, onListen);
    } else if (client && typeof client === "object" && "listen" in client) {
      // PGlite in this process.
      await (client as { listen: (c: string, fn: (p: string) => void) => Promise<unknown> }).listen(AUTH_CHANGED_CHANNEL, onPayload);
      onListen();
    } else {
      state.listening = "no";
      return;
    }
  } catch (error) {
    state.listening = "no";
    log("warn", "api key cache: cannot listen for invalidations, the cache stays off", { error: error instanceof Error ? error.message : String(error) });
    return;
  }
  state.listening = "yes";
  await sendProbe(state);
}

async function sendProbe(state: CacheState): Promise<void> {
  const token = randomUUID();
  state.probe = { token, sentAt: clock() };
  try {
    await state.db.execute(sql`select pg_notify(${AUTH_CHANGED_CHANNEL}, ${PROBE_PREFIX + token})`);
  } catch {
    goDark(state);
  }
}

function tick(state: CacheState): void {
  if (state.listening === "no") {
    void listen(state);
    return;
  }
  if (state.listening !== "yes") return;
  // The previous probe has not come back: notifications are not arriving.
  if (state.probe && clock() - state.probe.sentAt >= PROBE_MS / 2) goDark(state);
  void sendProbe(state);
}

function ensureStarted(state: CacheState): void {
  if (state.timer) return;
  state.timer = setInterval(() => tick(state), PROBE_MS);
  state.timer.unref();
  void listen(state);
}

/**
 * The cached record of a key hash, or null (cache off, not yet proven live, unknown, expired or
 * held out). The objects are copies: a request cannot change what the next one sees.
 */
export function cachedKey(db: Database, hash: string): { record: KeyRecord; touchedAt: number } | null {
  if (!enabled()) return null;
  const state = stateOf(db);
  ensureStarted(state);
  if (!state.live) return null;
  const entry = state.entries.get(hash);
  if (!entry) return null;
  const now = clock();
  if (now - entry.storedAt > TTL_MS || isUnsettled(state, entry.record.merchant.id, now)) {
    state.entries.delete(hash);
    return null;
  }
  return { record: copyKeyRecord(entry.record), touchedAt: entry.touchedAt };
}

/** Taken before reading a key from the database: storeKey refuses the answer if anything was invalidated since. */
export function cacheGeneration(db: Database): number {
  return stateOf(db).generation;
}

/** `touchedAt`: when last_used_at was last written (ms since the epoch), so that the cache keeps it to once a minute. */
export function storeKey(db: Database, hash: string, record: KeyRecord, generation: number, touchedAt: number): void {
  if (!enabled()) return;
  const state = stateOf(db);
  if (!state.live || state.generation !== generation || isUnsettled(state, record.merchant.id, clock())) return;
  if (state.entries.size >= KEY_CACHE_MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(hash, { record: copyKeyRecord(record), storedAt: clock(), touchedAt });
}

/** How many keys this process holds for `db` (the bound's test reads it). */
export function cachedKeyCount(db: Database): number {
  return registry.byDb.get(db)?.entries.size ?? 0;
}

export const copyKeyRecord = ({ key, merchant, application }: KeyRecord): KeyRecord => ({ key: { ...key }, merchant: { ...merchant }, application: { ...application } });

// What lib/platform/auth-changed.ts announces: this process stops serving the merchant from its
// cache at once, and holds it out until the change has committed.
onAuthChanged((merchantId) => {
  const until = clock() + UNSETTLED_MS;
  for (const state of registry.all) {
    state.unsettled.set(merchantId, until);
    dropMerchant(state, merchantId);
  }
});
