/**
 * The published sending rules for text messages (docs/decisions/sms.md). The job and the outbox
 * take these as defaults; tests pass their own.
 *
 * - Quiet hours: nothing is sent between 21:00 and 07:00 Bamako time unless the customer is
 *   waiting for it on a page (`urgent`); a message enqueued or retried then waits until 07:00.
 * - A daily cap per customer: at most 5 messages a merchant sends one number in 24 hours; the
 *   next is kept as SUPPRESSED ("daily_cap"), not sent later.
 * - Retries after a failed attempt: 1 min, 5 min, 30 min, 2 h; FAILED after the fifth attempt.
 */

const TIME_ZONE = "Africa/Bamako";

export type SmsPolicy = {
  /** Local hours [start, end): messages wait from `start` until `end` the next morning. */
  quietHours: { start: number; end: number };
  dailyCap: number;
  retryDelaysMs: readonly number[];
  leaseMs: number;
  timeoutMs: number;
};

export const SMS_RETRY_DELAYS_MS: readonly number[] = Object.freeze([60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000]);

type Env = Record<string, string | undefined>;

/** `SMS_QUIET_HOURS` ("21-7", or "off") and `SMS_DAILY_CAP` (5) from the environment. */
export function smsPolicy(env: Env = process.env): SmsPolicy {
  // The lease outlasts an attempt's bind and submits under the timeout, so no second sender takes a message in flight.
  return { quietHours: quietHoursOf(env.SMS_QUIET_HOURS), dailyCap: dailyCapOf(env.SMS_DAILY_CAP), retryDelaysMs: SMS_RETRY_DELAYS_MS, leaseMs: 2 * 60_000, timeoutMs: 10_000 };
}

function quietHoursOf(raw: string | undefined): SmsPolicy["quietHours"] {
  const value = raw?.trim() || "21-7";
  if (value === "off") return { start: 0, end: 0 };
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(value);
  const [start, end] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(start >= 0 && start <= 23 && end >= 0 && end <= 23)) throw new Error(`SMS_QUIET_HOURS must be "start-end" in whole hours (e.g. 21-7) or "off", got ${raw}.`);
  return { start, end };
}

function dailyCapOf(raw: string | undefined): number {
  const cap = Number(raw?.trim() || 5);
  if (!Number.isInteger(cap) || cap < 1 || cap > 100) throw new Error(`SMS_DAILY_CAP must be a whole number from 1 to 100, got ${raw}.`);
  return cap;
}

const hourFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" });

/** Seconds since local midnight in Bamako. */
function localSecondOfDay(at: Date): number {
  const p: Record<string, number> = {};
  for (const { type, value } of hourFormat.formatToParts(at)) p[type] = Number(value);
  return p.hour * 3600 + p.minute * 60 + p.second;
}

/** Whether `at` falls in the quiet hours (a window may span midnight: 21-7). */
export function inQuietHours(at: Date, quiet: SmsPolicy["quietHours"]): boolean {
  if (quiet.start === quiet.end) return false;
  const hour = localSecondOfDay(at) / 3600;
  return quiet.start < quiet.end ? hour >= quiet.start && hour < quiet.end : hour >= quiet.start || hour < quiet.end;
}

/** When a message due at `at` may go: `at` itself, or the end of the quiet hours it falls in. */
export function releaseTime(at: Date, quiet: SmsPolicy["quietHours"], urgent: boolean): Date {
  if (urgent || !inQuietHours(at, quiet)) return at;
  const second = localSecondOfDay(at);
  const endSecond = quiet.end * 3600;
  const wait = (endSecond - second + 86_400) % 86_400;
  return new Date(Math.floor(at.getTime() / 1000) * 1000 + wait * 1000);
}

/** Wait before the next attempt once `attempts` have failed, or null when none is left. */
export function nextSmsRetryDelayMs(policy: SmsPolicy, attempts: number): number | null {
  return attempts <= policy.retryDelaysMs.length ? policy.retryDelaysMs[attempts - 1] : null;
}
