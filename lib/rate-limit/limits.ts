import { createRateLimitStore, type Bucket } from "@/lib/rate-limit/store";

/** Requests per minute, from the contract's Limits table; `default` applies to every request. */
export const rateLimits = {
  default: 100,
  "payments.create": 10,
  "payments.reconcile": 10,
  "webhooks.test": 5,
  "secure_orders.create": 20,
  "links.checkout": 20,
  // Each report is written in the background; 20 a minute is far above what an accountant asks for.
  "reports.create": 20,
  "public.pay": 20,
  // Per key: text messages a merchant sends on request (an invoice, a payment link); each number also has its daily cap (lib/sms/policy.ts).
  "sms.send": 30,
  // Per client IP: buyer and courier page actions of secure orders (pay, dispute, delivery code).
  "secure_orders.public": 30,
  // Per client IP: dashboard sign-in attempts (the per-account lockout is in lib/auth/users.ts) and sign-ups.
  "auth.signin": 30,
  "auth.signup": 10,
  // Password reset requests: per client IP, and per address (a hash of it) so one inbox cannot be flooded from many IPs.
  "auth.password_reset": 10,
  "auth.password_reset_address": 3,
  // Per user: verification e-mails resent from the dashboard banner, and two-factor codes typed in settings.
  "auth.verification_resend": 3,
  "auth.two_factor": 10,
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
const DEFAULT_PREFIX = "cauri:rl";

export type RateLimitState = {
  limit: number;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
  /** Twice the limit or more within the window: the client ignores Retry-After (holdPersistentClient). */
  persistent?: boolean;
};

/** The limits' counters: the process's own (below), or one a test builds with a short window. */
export type RateLimiter = {
  /**
   * Counts one hit in each bucket and returns the tightest bucket's state (what the RateLimit-*
   * headers report). Windows are fixed and anchored at a bucket's first hit, so "the 11th request
   * within a minute" is exact rather than depending on where a calendar minute boundary falls.
   */
  hit(subject: string, names: LimitName[]): Promise<RateLimitState>;
  /** One bucket's state without counting a hit (the headers of an idempotent replay). */
  peek(subject: string, name: LimitName): Promise<RateLimitState>;
  /** Takes back one hit of the current window (a refused creation: CREATION_LIMITS). */
  refund(subject: string, name: LimitName): Promise<void>;
  close(): Promise<void>;
};

export type RateLimiterOptions = { durationSeconds?: number; redisUrl?: string; prefix?: string };

/**
 * Counters in Redis when `redisUrl` is given, shared by every app instance (several instances
 * need it: memory counters are per process), with a memory limiter standing in while Redis is
 * unreachable; in this process's memory otherwise.
 */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const durationSeconds = options.durationSeconds ?? WINDOW_SECONDS;
  const store = createRateLimitStore({ points: rateLimits, durationSeconds, redisUrl: options.redisUrl, prefix: options.prefix ?? DEFAULT_PREFIX });
  const stateOf = (name: LimitName, bucket: Bucket): RateLimitState => {
    const limit = rateLimits[name];
    return {
      limit,
      remaining: Math.max(limit - bucket.count, 0),
      resetSeconds: Math.max(Math.ceil(bucket.msLeft / 1000), 0),
      exceeded: bucket.count > limit,
      persistent: bucket.count >= 2 * limit,
    };
  };
  return {
    async hit(subject, names) {
      const states = await Promise.all(names.map(async (name) => stateOf(name, await store.consume(name, subject))));
      return states.reduce<RateLimitState | null>(tighterState, null)!;
    },
    async peek(subject, name) {
      const bucket = await store.peek(name, subject);
      return bucket ? { ...stateOf(name, bucket), exceeded: false } : stateOf(name, { count: 0, msLeft: durationSeconds * 1000 });
    },
    refund: (subject, name) => store.refund(name, subject),
    close: () => store.close(),
  };
}

// On globalThis, like the database handle (db/client.ts): one set of counters and one Redis
// connection per process, even where two copies of lib/ are loaded (the server's and Next.js's bundle).
const globalRef = globalThis as unknown as { __cauriRateLimiter?: RateLimiter };

function processRateLimiter(): RateLimiter {
  globalRef.__cauriRateLimiter ??= createRateLimiter({ redisUrl: process.env.REDIS_URL || undefined, prefix: process.env.CAURI_REDIS_PREFIX || undefined });
  return globalRef.__cauriRateLimiter;
}

/** Makes `limiter` the process's (a test that needs a window it can move past). */
export function setProcessRateLimiter(limiter: RateLimiter): void {
  globalRef.__cauriRateLimiter = limiter;
}

/** Closes the process's Redis connection, if any, where the process closes its database. */
export async function closeRateLimits(): Promise<void> {
  const limiter = globalRef.__cauriRateLimiter;
  globalRef.__cauriRateLimiter = undefined;
  await limiter?.close();
}

export const hitRateLimits = (subject: string, names: LimitName[]): Promise<RateLimitState> => processRateLimiter().hit(subject, names);
export const peekRateLimit = (subject: string, name: LimitName): Promise<RateLimitState> => processRateLimiter().peek(subject, name);
export const refundRateLimit = (subject: string, name: LimitName): Promise<void> => processRateLimiter().refund(subject, name);

/**
 * A client still sending at twice its limit has ignored every Retry-After: its 429 is held for
 * CAURI_RATE_LIMIT_HOLD_MS (1 s) before it is sent. Each of its connections then asks once a
 * second instead of as fast as the server answers, so hammering one key cannot take the event
 * loop from other merchants' requests (bench/fairness.ts). The hold happens after any transaction
 * has ended: it holds a socket and a timer, never a database connection.
 */
export async function holdPersistentClient(state: RateLimitState | undefined): Promise<void> {
  const ms = Number(process.env.CAURI_RATE_LIMIT_HOLD_MS ?? 1_000);
  if (state?.persistent && ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The state the headers report: an exceeded bucket first, else the one with the fewest requests left. */
export function tighterState(a: RateLimitState | null, b: RateLimitState): RateLimitState {
  if (!a) return b;
  if (b.exceeded !== a.exceeded) return b.exceeded ? b : a;
  return b.remaining < a.remaining ? b : a;
}

/**
 * The IETF draft's `RateLimit-*` (Reset in seconds from now), and the `X-RateLimit-*` the
 * published client libraries and their guide read (Reset as the Unix time in seconds).
 */
export function rateLimitHeaders(state: RateLimitState, nowMs = Date.now()): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(state.limit),
    "RateLimit-Remaining": String(state.remaining),
    "RateLimit-Reset": String(state.resetSeconds),
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(Math.ceil(nowMs / 1000) + state.resetSeconds),
  };
  if (state.exceeded) headers["Retry-After"] = String(Math.max(state.resetSeconds, 1));
  return headers;
}
