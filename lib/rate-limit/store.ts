import Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { log } from "@/lib/log";

/** One bucket: hits counted in its window, and the milliseconds until the window closes. */
export type Bucket = { count: number; msLeft: number };

export type StoreOptions = {
  /** Requests allowed per window, by limit name (a limit's points). */
  points: Record<string, number>;
  durationSeconds: number;
  /** Counters in Redis, shared by every instance; without it, in this process's memory. */
  redisUrl?: string;
  prefix: string;
};

export type RateLimitStore = {
  /** Counts one hit; a hit over the limit is counted too (the caller decides what "exceeded" means). */
  consume(name: string, subject: string): Promise<Bucket>;
  /** The bucket without counting a hit; null when no window is open. */
  peek(name: string, subject: string): Promise<Bucket | null>;
  /** Takes one hit back from an open window, never below zero and never into a window yet to open. */
  refund(name: string, subject: string): Promise<void>;
  close(): Promise<void>;
};

/** How long a request waits for Redis before the insurance limiter answers instead. */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 500;

/** The memory limiter that counts while Redis is unreachable; the first hit it takes reports the outage. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(...args);
  }
}

const bucketOf = (res: RateLimiterRes): Bucket => ({ count: res.consumedPoints, msLeft: res.msBeforeNext });

export function createRateLimitStore(options: StoreOptions): RateLimitStore {
  const { durationSeconds, prefix, redisUrl } = options;
  let client: Redis | null = null;
  let connecting: Promise<void> = Promise.resolve();
  let degraded = false;
  const reportOutage = (error?: Error) => {
    if (degraded) return;
    degraded = true;
    log("warn", "rate limits: Redis unreachable, counting in process memory until it answers again", { error: error?.message });
  };

  if (redisUrl) {
    // No offline queue: while Redis is away a hit goes to the insurance limiter at once instead of waiting for a reconnection.
    client = new Redis(redisUrl, { enableOfflineQueue: false, lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
    client.on("error", reportOutage);
    client.on("ready", () => {
      if (degraded) log("info", "rate limits: Redis answers again, counting there");
      degraded = false;
    });
    // The first requests wait for the first connection attempt, so a healthy Redis counts them all.
    connecting = client.connect().catch(() => {});
  }

  const limiters = new Map<string, RateLimiterAbstract>();
  for (const [name, points] of Object.entries(options.points)) {
    const keyPrefix = `${prefix}:${name}`;
    const limiter = client
      ? new RateLimiterRedis({
          storeClient: client,
          keyPrefix,
          points,
          duration: durationSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new InsuranceLimiter({ keyPrefix, points, duration: durationSeconds }, () => reportOutage()),
        })
      : new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
    limiters.set(name, limiter);
  }
  const limiterOf = async (name: string) => {
    await connecting;
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`unknown rate limit ${name}`);
    return limiter;
  };
  const openBucket = (res: RateLimiterRes | null): Bucket | null => (res && res.msBeforeNext > 0 ? bucketOf(res) : null);

  return {
    async consume(name, subject) {
      const limiter = await limiterOf(name);
      return limiter.consume(subject).then(bucketOf, (rejection: unknown) => {
        // Over the limit, rate-limiter-flexible rejects with the bucket's state; anything else is a failure.
        if (rejection instanceof RateLimiterRes) return bucketOf(rejection);
        throw rejection;
      });
    },
    async peek(name, subject) {
      return openBucket(await (await limiterOf(name)).get(subject));
    },
    async refund(name, subject) {
      const limiter = await limiterOf(name);
      // A reward on a closed window would open a new one below zero, granting it an extra request.
      const open = openBucket(await limiter.get(subject));
      if (open && open.count > 0) await limiter.reward(subject);
    },
    async close() {
      if (!client) return;
      const closing = client;
      client = null;
      await connecting;
      if (closing.status === "ready") await closing.quit().catch(() => closing.disconnect());
      else closing.disconnect();
    },
  };
}
