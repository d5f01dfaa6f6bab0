import { sql } from "drizzle-orm";

/**
 * What the mail and SMS outboxes' claims share (lib/mail/send-job.ts, lib/sms/send-job.ts): both
 * keep a message PENDING under a lease (`claimed_until`) while a sender holds it.
 */

/** A message due now and held by no sender, in a query where `alias` names its outbox row. */
export const dueIn = (alias: string) =>
  sql.raw(`${alias}.status = 'PENDING' and ${alias}.next_attempt_at <= now() and (${alias}.claimed_until is null or ${alias}.claimed_until <= now())`);

/** How many claims may run at once (instances) and still each find rows the others do not hold. */
export const CONCURRENT_CLAIMS = 4;
