import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { SLOW_ENDPOINT_FOR_MS } from "./policy";
import { timedOut, type SendResult } from "./send";

/**
 * What an attempt says about its endpoint's health, written after the attempt is recorded (its
 * own statement, so it never holds the delivery's row lock while waiting for the endpoint's):
 * - a timeout makes the endpoint slow for SLOW_ENDPOINT_FOR_MS from now (claimDue then lets it
 *   have one attempt in flight): a receiver that never answers holds one worker slot, not many;
 * - an answer in time, 2xx, ends the slowness at once: a receiver that is back gets its full share.
 * Other failures (an error status, a refused connection) answer fast and hold no slot: the retry
 * schedule spaces them, and 5 days of them disable the endpoint (lib/notifications/webhook-failing.ts).
 */
export async function noteEndpointHealth(db: Database, endpointId: string, result: SendResult): Promise<void> {
  if (timedOut(result)) {
    await db.execute(sql`update webhook_endpoints set slow_until = now() + ${SLOW_ENDPOINT_FOR_MS}::bigint * interval '1 millisecond' where id = ${endpointId}`);
  } else if (result.ok) {
    await db.execute(sql`update webhook_endpoints set slow_until = null where id = ${endpointId} and slow_until is not null`);
  }
}
