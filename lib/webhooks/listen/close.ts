import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";

/** A session whose stream has not been seen for this long is closed (docs/decisions/listen.md). */
export const SESSION_STALE_MS = 60_000;

/** SQL: whether the listen session in `w` (a webhook_endpoints row) has been unseen for too long. */
export const staleSql = (w: string) =>
  sql.raw(`(${w}.kind = 'cli' and coalesce(${w}.last_seen_at, ${w}.created_at) < now() - interval '${SESSION_STALE_MS / 1000} seconds')`);

/**
 * Closes listen sessions: each endpoint is marked deleted, and its deliveries still PENDING end
 * FAILED ("listen session closed"), in one statement. Sessions already closed are left as they
 * are. Returns the ids it closed.
 */
export async function closeSessions(db: Database, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with closed as (
        update webhook_endpoints set deleted_at = now(), enabled = false, updated_at = now()
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and kind = 'cli' and deleted_at is null
        returning id
      ),
      failed as (
        update webhook_deliveries d set status = 'FAILED', next_attempt_at = null, claim_token = null, last_error = 'listen session closed', updated_at = now()
        from closed where d.endpoint_id = closed.id and d.status = 'PENDING'
        returning d.id
      )
      select id from closed`),
  );
  return rows.map((r) => r.id);
}
