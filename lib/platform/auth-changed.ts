import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";

/** The PostgreSQL channel on which a change to what authentication returns reaches every instance, once committed. */
export const AUTH_CHANGED_CHANNEL = "cauri_auth_changed";

type Listener = (merchantId: string) => void;

// On globalThis, like the key cache that listens: Next.js's bundle and the server each hold a copy of lib/.
const globalRef = globalThis as unknown as { __cauriAuthChangeListeners?: Set<Listener> };
const listeners = (globalRef.__cauriAuthChangeListeners ??= new Set());

/** For what keeps authentication answers in this process (lib/http/api-key-cache.ts): told of each change at once. */
export function onAuthChanged(listener: Listener): void {
  listeners.add(listener);
}

/**
 * Every write that changes what authentication returns (a key revoked, a merchant's flags, plan
 * or test clock) calls this in the same transaction: this process's listeners drop the merchant
 * at once, and the NOTIFY, which PostgreSQL delivers only when the transaction commits, makes
 * every instance do the same.
 */
export async function authChanged(db: Database, merchantId: string): Promise<void> {
  for (const listener of listeners) listener(merchantId);
  await db.execute(sql`select pg_notify(${AUTH_CHANGED_CHANNEL}, ${merchantId})`);
}
