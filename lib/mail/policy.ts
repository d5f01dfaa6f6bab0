/**
 * The published sending policy (docs/decisions/mail.md). The job takes these as defaults; tests pass
 * faster ones.
 */

/**
 * Wait after each failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h. A message whose sixth attempt
 * fails is FAILED. Every refusal is retried alike, a permanent-looking 5xx included: servers
 * answer 550 to greylisting and policy blocks that pass later.
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = Object.freeze([60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000]);

/** SMTP timeouts of one attempt: connecting, the server's greeting, and silence mid-conversation. */
export const SMTP_TIMEOUTS_MS = Object.freeze({ connection: 10_000, greeting: 10_000, socket: 30_000 });

/**
 * A claim lasts well past what one attempt can take under the timeouts above, so a second
 * sender never takes a message still in flight; a sender that dies loses its claim then.
 */
export const MAIL_CLAIM_LEASE_MS = 5 * 60_000;

export type MailPolicy = { retryDelaysMs: readonly number[]; leaseMs: number; timeoutsMs: { connection: number; greeting: number; socket: number } };

export const defaultMailPolicy = (): MailPolicy => ({ retryDelaysMs: MAIL_RETRY_DELAYS_MS, leaseMs: MAIL_CLAIM_LEASE_MS, timeoutsMs: SMTP_TIMEOUTS_MS });

/** Wait before the next attempt once `attempts` have failed, or null when none is left. */
export function nextRetryDelayMs(policy: MailPolicy, attempts: number): number | null {
  return attempts <= policy.retryDelaysMs.length ? policy.retryDelaysMs[attempts - 1] : null;
}
