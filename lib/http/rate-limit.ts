import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { systemNow } from "@/lib/clock";

/** Requests per minute, from the contract's Limits table; `default` applies to every request. */
export const rateLimits = {
  default: 100,
  "payments.create": 10,
  "payments.reconcile": 10,
  "webhooks.test": 5,
  "secure_orders.create": 20,
  "links.checkout": 20,
  "public.pay": 20,
  // Per client IP: buyer and courier page actions of secure orders (pay, dispute, delivery code).
  "secure_orders.public": 30,
  // Per client IP: dashboard sign-in attempts (the per-account lockout is in lib/auth/users.ts) and sign-ups.
  "auth.signin": 30,
  "auth.signup": 10,
} as const;

export type LimitName = keyof typeof rateLimits;

/**
 * Limits the contract words as creations ("10 payments per minute", "20 creations per minute").
 * They count what was created: a request refused as invalid, or refused by this very limit, hands
 * its hit back (refundRateLimit), and on an idempotent request the hit is taken only once the key
 * is newly reserved, so a replay or a conflicting reuse of a key never counts (lib/http/route.ts).
 * Every other limit counts every request, failures included (sign-in attempts above all).
 */
export const CREATION_LIMITS: ReadonlySet<LimitName> = new Set(["payments.create", "secure_orders.create"]);

const WINDOW_SECONDS = 60;

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number; exceeded: boolean };

/**
 * Counts one hit in each bucket with a single atomic upsert shared by every app instance,
 * and returns the tightest bucket's state (what the RateLimit-* headers report).
 * Windows are fixed and anchored at a bucket's first hit, so "the 11th request within a
 * minute" is exact rather than depending on where a calendar minute boundary falls.
 */
export async function hitRateLimits(db: Database, subject: string, names: LimitName[]): Promise<RateLimitState> {
  if (process.env.CAURI_BENCH_UNLIMITED === "1") return { limit: 1_000_000, remaining: 1_000_000, resetSeconds: WINDOW_SECONDS, exceeded: false };
  const now = systemNow();
  const values = names.map((n) => sql`(${`${subject}:${n}`}, ${now.toISOString()}::timestamptz, 1)`);
  const result = await db.execute(sql`
    insert into rate_limit_counters (bucket, window_start, count) values ${sql.join(values, sql`, `)}
    on conflict (bucket) do update set
      count = case when rate_limit_counters.window_start <= excluded.window_start - interval '${sql.raw(String(WINDOW_SECONDS))} seconds'
                   then 1 else rate_limit_counters.count + 1 end,
      window_start = case when rate_limit_counters.window_start <= excluded.window_start - interval '${sql.raw(String(WINDOW_SECONDS))} seconds'
                   then excluded.window_start else rate_limit_counters.window_start end
    returning bucket, count, window_start`);
  let tightest: RateLimitState | null = null;
  for (const row of rowsOf<{ bucket: string; count: number; window_start: string | Date }>(result)) {
    const name = row.bucket.slice(subject.length + 1) as LimitName;
    tightest = tighterState(tightest, bucketState(name, Number(row.count), new Date(row.window_start), now));
  }
  return tightest!;
}

/**
 * One bucket's state without counting a hit: what the RateLimit-* headers of an answer that was
 * not counted against this limit (an idempotent replay) report about it.
 */
export async function peekRateLimit(db: Database, subject: string, name: LimitName): Promise<RateLimitState> {
  const now = systemNow();
  if (process.env.CAURI_BENCH_UNLIMITED === "1") return { limit: 1_000_000, remaining: 1_000_000, resetSeconds: WINDOW_SECONDS, exceeded: false };
  const result = await db.execute(sql`select count, window_start from rate_limit_counters where bucket = ${`${subject}:${name}`}`);
  const [row] = rowsOf<{ count: number; window_start: string | Date }>(result);
  const windowStart = row ? new Date(row.window_start) : null;
  if (!windowStart || windowStart.getTime() <= now.getTime() - WINDOW_SECONDS * 1000) return bucketState(name, 0, now, now);
  return { ...bucketState(name, Number(row.count), windowStart, now), exceeded: false };
}

function bucketState(name: LimitName, count: number, windowStart: Date, now: Date): RateLimitState {
  const limit = rateLimits[name];
  const resetAt = windowStart.getTime() + WINDOW_SECONDS * 1000;
  return {
    limit,
    remaining: Math.max(limit - count, 0),
    resetSeconds: Math.max(Math.ceil((resetAt - now.getTime()) / 1000), 0),
    exceeded: count > limit,
  };
}

/** The state the headers report: an exceeded bucket first, else the one with the fewest requests left. */
export function tighterState(a: RateLimitState | null, b: RateLimitState): RateLimitState {
  if (!a) return b;
  if (b.exceeded !== a.exceeded) return b.exceeded ? b : a;
  return b.remaining < a.remaining ? b : a;
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
  };
  if (state.exceeded) headers["Retry-After"] = String(Math.max(state.resetSeconds, 1));
  return headers;
}

/** Takes back one hit of the current window (a refused creation, or a creation refused by its limit: CREATION_LIMITS). */
export async function refundRateLimit(db: Database, subject: string, name: LimitName): Promise<void> {
  if (process.env.CAURI_BENCH_UNLIMITED === "1") return;
  const windowOpen = new Date(systemNow().getTime() - WINDOW_SECONDS * 1000).toISOString();
  await db.execute(sql`update rate_limit_counters set count = count - 1 where bucket = ${`${subject}:${name}`} and count > 0 and window_start > ${windowOpen}::timestamptz`);
}

/** Old windows are dead weight; the job runner prunes them. */
export async function pruneRateLimitCounters(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_start < now() - interval '10 minutes'`);
}
