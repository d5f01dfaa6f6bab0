import { sql } from "drizzle-orm";
import { db as processDb, type Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { compiledStatement } from "@/db/statement";
import { log } from "@/lib/log";

/**
 * A key's "last used" (the dashboard shows it to the minute), kept off the request path: a
 * request notes its key here, at most once a minute per key, and one statement a second writes
 * what was noted, so a burst of requests on a cold key costs the database nothing on their account
 * (docs/performance.md). A crash loses at most the last second's notes.
 */
const TOUCH_EVERY_MS = 60_000;
const FLUSH_AFTER_MS = 1_000;

// When each key was last noted (ms), so a key is written once a minute whatever the instance's load.
const noted = new Map<string, number>();
let pending = new Map<string, Date>();
let timer: NodeJS.Timeout | null = null;

/** Notes that `keyId` was used at `at`; `touchedAt` is when its last_used_at was last written (0: never), as its lookup read it. */
export function noteKeyUse(keyId: string, at: Date, touchedAt: number): void {
  const last = Math.max(touchedAt, noted.get(keyId) ?? 0);
  if (at.getTime() - last < TOUCH_EVERY_MS) return;
  noted.set(keyId, at.getTime());
  pending.set(keyId, at);
  if (!timer) {
    timer = setTimeout(() => void flushKeyUse(), FLUSH_AFTER_MS);
    timer.unref();
  }
}

const writeUse = compiledStatement(
  "api_key_use",
  sql`update ${apiKeys} set last_used_at = greatest(${apiKeys.lastUsedAt}, u.at)
    from json_to_recordset(${sql.placeholder("uses")}::text::json) as u(id text, at timestamptz)
    where ${apiKeys.id} = u.id`,
);

/** Writes the noted uses; the notes older than a minute are forgotten (their keys will be written again when next used). */
export async function flushKeyUse(database: Database = processDb()): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = pending;
  pending = new Map();
  const now = Date.now();
  for (const [id, at] of noted) if (now - at >= TOUCH_EVERY_MS) noted.delete(id);
  if (batch.size === 0) return;
  try {
    await writeUse(database, { uses: JSON.stringify([...batch].map(([id, at]) => ({ id, at: at.toISOString() }))) });
  } catch (error) {
    log("warn", "api key use not written", { keys: batch.size, error: error instanceof Error ? error.message : String(error) });
  }
}
