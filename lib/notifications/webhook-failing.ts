import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import type { Mode } from "@/db/schema";
import { notifyWebhookDisabled, notifyWebhookFailing } from "./merchant";

/** An endpoint counts as failing once no attempt has succeeded for this long since a failed one. */
export const WEBHOOK_FAILING_AFTER_MS = 24 * 3_600_000;

/**
 * An endpoint failing for this long is disabled (as Svix does after 5 days): its pending
 * deliveries then end FAILED unsent, it gets no new ones, and the merchant is mailed. Enabled
 * again by the merchant, it is given this long again before the next disabling.
 */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

export type FailingStreak = { attemptId: string; startedAt: Date };

/**
 * The endpoint's current failing streak, read from its attempts (automatic and manual): its
 * first failed attempt after the last successful one, or null when the last attempt succeeded
 * or none failed.
 */
export async function failingStreak(db: Database, endpointId: string): Promise<FailingStreak | null> {
  const [row] = rowsOf<{ id: string; started_at: Date | string }>(
    await db.execute(sql`
      with attempts as (
        select a.id, a.status, a.started_at from webhook_attempts a
        join webhook_deliveries d on d.id = a.delivery_id
        where d.endpoint_id = ${endpointId}
      )
      select id, started_at from attempts
      where status = 'FAILED'
        and started_at > coalesce((select max(started_at) from attempts where status = 'SUCCESS'), '-infinity'::timestamptz)
      order by started_at, id
      limit 1`),
  );
  return row ? { attemptId: row.id, startedAt: new Date(row.started_at) } : null;
}

/**
 * Called with the transaction that records a failed attempt (lib/webhooks/deliver.ts), made at
 * `at`: once the streak that attempt continues is 24 hours old, the merchant's owners and
 * finance members are told, once per streak (the dedupe key names its first failed attempt);
 * once it is WEBHOOK_DISABLE_AFTER_MS old (counted from the last disabling, if later), the
 * endpoint is disabled and they are told that, once per disabling (the update that disables is
 * conditional on the endpoint being enabled, so two attempts recorded at once disable it once).
 * Detected on attempts rather than by a clock: an endpoint nobody sends to is not failing.
 * Returns how many messages were created.
 */
export async function notifyIfEndpointFailing(db: Database, input: { endpointId: string; at: Date }): Promise<number> {
  const streak = await failingStreak(db, input.endpointId);
  if (!streak || input.at.getTime() - streak.startedAt.getTime() < WEBHOOK_FAILING_AFTER_MS) return 0;
  const [endpoint] = rowsOf<{ merchant_id: string; url: string; mode: Mode; last_error: string | null }>(
    await db.execute(sql`
      select w.merchant_id, w.url, w.mode,
        (select coalesce(a.error, 'HTTP ' || a.status_code) from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
         where d.endpoint_id = w.id and a.status = 'FAILED' order by a.started_at desc, a.id desc limit 1) as last_error
      from webhook_endpoints w where w.id = ${input.endpointId}`),
  );
  if (!endpoint) return 0;
  const notice = {
    merchantId: endpoint.merchant_id,
    endpointId: input.endpointId,
    endpointUrl: endpoint.url,
    mode: endpoint.mode,
    failingSince: streak.startedAt,
    lastError: endpoint.last_error,
  };
  const failing = await notifyWebhookFailing(db, { ...notice, streakAttemptId: streak.attemptId });
  return failing + (await disableIfFailingTooLong(db, input.at, streak, notice));
}

async function disableIfFailingTooLong(db: Database, at: Date, streak: FailingStreak, notice: Omit<Parameters<typeof notifyWebhookDisabled>[1], "disabledAt">): Promise<number> {
  if (at.getTime() - streak.startedAt.getTime() < WEBHOOK_DISABLE_AFTER_MS) return 0;
  const disabled = rowsOf<{ id: string }>(
    await db.execute(sql`
      update webhook_endpoints set enabled = false, auto_disabled_at = ${at.toISOString()}::timestamptz, updated_at = now()
      where id = ${notice.endpointId} and enabled and deleted_at is null
        and (auto_disabled_at is null or auto_disabled_at <= ${new Date(at.getTime() - WEBHOOK_DISABLE_AFTER_MS).toISOString()}::timestamptz)
      returning id`),
  );
  if (disabled.length === 0) return 0;
  return notifyWebhookDisabled(db, { ...notice, disabledAt: at });
}
