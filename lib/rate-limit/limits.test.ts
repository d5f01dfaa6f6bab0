import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { flushLogs } from "@/lib/log";
import { available, redisUrl } from "@/tests/support/requirements";
import { createRateLimiter, rateLimitHeaders, type RateLimiter, type RateLimiterOptions } from "@/lib/rate-limit/limits";

const REDIS_URL = redisUrl();
// Without a Redis server the limiter falls back to memory: the Redis cases would pass while
// testing nothing of Redis, so they are skipped, saying so (failing under CI).
const redis = await available("redis");
// Nothing listens on port 1: connections are refused at once, as with a Redis that is down.
const UNREACHABLE_REDIS_URL = "redis://127.0.0.1:1";

const opened: RateLimiter[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((limiter) => limiter.close()));
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const backends: { name: string; options: () => RateLimiterOptions }[] = [
  { name: "memory", options: () => ({}) },
  // A prefix per test: counters of other tests and other runs never meet these.
  { name: "redis", options: () => ({ redisUrl: REDIS_URL, prefix: `cauri:rl:test:${randomUUID()}` }) },
];

for (const { name, options } of backends) describe.skipIf(name === "redis" && !redis)(`rate limits in ${name}`, () => {
  const open = (extra: RateLimiterOptions = {}, shared: RateLimiterOptions = options()) => {
    const limiter = createRateLimiter({ ...shared, ...extra });
    opened.push(limiter);
    return limiter;
  };

  it("allows the 10th payment creation of a minute and refuses the 11th, with the RateLimit headers", async () => {
    const limiter = open();
    for (let i = 1; i <= 9; i++) expect((await limiter.hit("key:a", ["payments.create"])).remaining).toBe(10 - i);
    const tenth = await limiter.hit("key:a", ["payments.create"]);
    expect(tenth).toEqual({ limit: 10, remaining: 0, resetSeconds: 60, exceeded: false, persistent: false });
    // X-RateLimit-Reset is the reset's Unix time: 60 s after the fixed "now" passed in.
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const legacy = { "X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": String(now / 1000 + 60) };
    expect(rateLimitHeaders(tenth, now)).toEqual({ "RateLimit-Limit": "10", "RateLimit-Remaining": "0", "RateLimit-Reset": "60", ...legacy });
    const eleventh = await limiter.hit("key:a", ["payments.create"]);
    expect(eleventh).toEqual({ limit: 10, remaining: 0, resetSeconds: 60, exceeded: true, persistent: false });
    expect(rateLimitHeaders(eleventh, now)).toEqual({ "RateLimit-Limit": "10", "RateLimit-Remaining": "0", "RateLimit-Reset": "60", ...legacy, "Retry-After": "60" });
    // Other subjects have their own buckets.
    expect((await limiter.hit("key:b", ["payments.create"])).remaining).toBe(9);
  });

  it("calls a client persistent from twice its limit within the window (its 429s are held), not before", async () => {
    const limiter = open();
    for (let i = 1; i <= 19; i++) await limiter.hit("key:a", ["payments.create"]);
    expect(await limiter.hit("key:a", ["payments.create"])).toMatchObject({ exceeded: true, persistent: true });
    const other = open();
    for (let i = 1; i <= 18; i++) await other.hit("key:c", ["payments.create"]);
    expect(await other.hit("key:c", ["payments.create"])).toMatchObject({ exceeded: true, persistent: false });
  });

  it("reports the tightest of several buckets, an exceeded one first", async () => {
    const limiter = open();
    expect(await limiter.hit("key:a", ["default", "payments.create"])).toMatchObject({ limit: 10, remaining: 9, exceeded: false, persistent: false });
    for (let i = 0; i < 10; i++) await limiter.hit("key:a", ["payments.create"]);
    expect(await limiter.hit("key:a", ["default", "payments.create"])).toMatchObject({ limit: 10, exceeded: true, persistent: false });
    expect(await limiter.hit("key:a", ["default"])).toMatchObject({ limit: 100, remaining: 97, exceeded: false, persistent: false });
  });

  it("opens a new window once the one anchored at the first hit has run out", async () => {
    const limiter = open({ durationSeconds: 1 });
    for (let i = 0; i < 10; i++) await limiter.hit("key:a", ["payments.create"]);
    expect((await limiter.hit("key:a", ["payments.create"])).exceeded).toBe(true);
    await wait(1_100);
    expect(await limiter.hit("key:a", ["payments.create"])).toEqual({ limit: 10, remaining: 9, resetSeconds: 1, exceeded: false, persistent: false });
  });

  it("peeks at a bucket without counting a hit", async () => {
    const limiter = open();
    expect(await limiter.peek("key:a", "payments.create")).toEqual({ limit: 10, remaining: 10, resetSeconds: 60, exceeded: false, persistent: false });
    for (let i = 0; i < 3; i++) await limiter.hit("key:a", ["payments.create"]);
    expect(await limiter.peek("key:a", "payments.create")).toEqual({ limit: 10, remaining: 7, resetSeconds: 60, exceeded: false, persistent: false });
    expect((await limiter.peek("key:a", "payments.create")).remaining).toBe(7);
    for (let i = 0; i < 8; i++) await limiter.hit("key:a", ["payments.create"]);
    // Over the limit, a peek reports the bucket as empty but not as refused (an idempotent replay is answered).
    expect(await limiter.peek("key:a", "payments.create")).toMatchObject({ remaining: 0, exceeded: false, persistent: false });
  });

  it("gives one hit back on refund, never below zero", async () => {
    const limiter = open();
    for (let i = 0; i < 10; i++) await limiter.hit("key:a", ["payments.create"]);
    await limiter.refund("key:a", "payments.create");
    expect(await limiter.hit("key:a", ["payments.create"])).toMatchObject({ remaining: 0, exceeded: false, persistent: false });
    expect((await limiter.hit("key:a", ["payments.create"])).exceeded).toBe(true);

    // A refund with no hit to give back grants nothing.
    await limiter.refund("key:b", "payments.create");
    for (let i = 0; i < 10; i++) expect((await limiter.hit("key:b", ["payments.create"])).exceeded).toBe(false);
    expect((await limiter.hit("key:b", ["payments.create"])).exceeded).toBe(true);
  });

  it("does not carry a refund into the next window", async () => {
    const limiter = open({ durationSeconds: 1 });
    await limiter.hit("key:a", ["payments.create"]);
    await wait(1_100);
    await limiter.refund("key:a", "payments.create");
    for (let i = 0; i < 10; i++) expect((await limiter.hit("key:a", ["payments.create"])).exceeded).toBe(false);
    expect((await limiter.hit("key:a", ["payments.create"])).exceeded).toBe(true);
  });

  it("allows exactly 10 of 50 concurrent payment creations", async () => {
    const limiter = open();
    const states = await Promise.all(Array.from({ length: 50 }, () => limiter.hit("key:a", ["payments.create"])));
    expect(states.filter((s) => !s.exceeded)).toHaveLength(10);
    expect(new Set(states.filter((s) => !s.exceeded).map((s) => s.remaining))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
  });
});

describe.skipIf(!redis)("rate limits in Redis, several app instances", () => {
  it("count together: exactly 10 of 50 concurrent creations split over two instances", async () => {
    const shared = { redisUrl: REDIS_URL, prefix: `cauri:rl:test:${randomUUID()}` };
    const instances = [createRateLimiter(shared), createRateLimiter(shared)];
    opened.push(...instances);
    const states = await Promise.all(Array.from({ length: 50 }, (_, i) => instances[i % 2]!.hit("key:a", ["payments.create"])));
    expect(states.filter((s) => !s.exceeded)).toHaveLength(10);
    // A refund on one instance is a hit given back to both.
    for (let i = 0; i < 10; i++) await instances[0]!.hit("key:b", ["payments.create"]);
    await instances[1]!.refund("key:b", "payments.create");
    expect((await instances[0]!.hit("key:b", ["payments.create"])).exceeded).toBe(false);
    expect((await instances[1]!.hit("key:b", ["payments.create"])).exceeded).toBe(true);
  });
});

describe("rate limits while Redis is unreachable", () => {
  it("still limit, in process memory, answer quickly and warn once", async () => {
    const level = process.env.CAURI_LOG;
    delete process.env.CAURI_LOG;
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const limiter = createRateLimiter({ redisUrl: UNREACHABLE_REDIS_URL, prefix: `cauri:rl:test:${randomUUID()}` });
      opened.push(limiter);
      const started = performance.now();
      const states = [];
      for (let i = 0; i < 30; i++) states.push(await limiter.hit("key:a", ["payments.create"]));
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(states.filter((s) => !s.exceeded)).toHaveLength(10);
      expect(states[10]).toMatchObject({ exceeded: true, remaining: 0 });
      await limiter.refund("key:a", "payments.create");
      expect(await limiter.peek("key:a", "payments.create")).toMatchObject({ remaining: 0 });
      flushLogs();
      const warnings = lines.flatMap((l) => l.split("\n")).filter((l) => l.includes("Redis unreachable"));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: "warn" });
    } finally {
      spy.mockRestore();
      if (level === undefined) delete process.env.CAURI_LOG;
      else process.env.CAURI_LOG = level;
    }
  });
});

describe("the process's rate limits", () => {
  it("are one set of counters even when two copies of the module are loaded", async () => {
    const first = await import("@/lib/rate-limit/limits");
    vi.resetModules();
    const second = await import("@/lib/rate-limit/limits");
    expect(second).not.toBe(first);
    const subject = `key:${randomUUID()}`;
    for (let i = 0; i < 10; i++) await first.hitRateLimits(subject, ["payments.create"]);
    expect((await second.hitRateLimits(subject, ["payments.create"])).exceeded).toBe(true);
  });
});
