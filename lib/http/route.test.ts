import { count, eq, sql } from "drizzle-orm";
import { flushKeyUse } from "@/lib/platform/key-use";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db, dbDriver } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { apiKeys, journals } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { postJournal } from "@/lib/ledger/post";
import { revokeApiKey, hashApiKey } from "@/lib/platform/api-keys";
import { updateMerchant } from "@/lib/platform/merchants";
import { newId } from "@/lib/ids";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { ApiError } from "@/lib/core/errors";
import { closeRateLimits, createRateLimiter, setProcessRateLimiter } from "@/lib/rate-limit/limits";
import { route } from "./route";
import { input } from "@/lib/core/validation";

// Test-only routes: the foundation's rules, proven before any area's route exists.
const echo = route(
  { auth: "key", body: input(z.object({ amount: z.number().int().min(100).max(5_000_000), label: z.string().optional() }), { amount: "INVALID_AMOUNT" }) },
  async (ctx, { body }) => ({ mode: ctx.mode, merchant_id: ctx.merchant.id, amount: body.amount }),
);
const create = route(
  { auth: "key", idempotency: "required", conflictCode: "DUPLICATE_PAYMENT", limit: "payments.create", body: input(z.object({ amount: z.number().int() })), status: 201 },
  async (ctx, { body }) => {
    const id = newId("jrn_ref");
    // Slow enough that two concurrent requests overlap inside the handler.
    await new Promise((r) => setTimeout(r, 150));
    await postJournal(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, kind: "test.create", refType: "test", refId: id, entries: [{ account: "merchant_available", amount: body.amount }, { account: "operator_clearing", amount: -body.amount }], at: ctx.now });
    return { id, amount: body.amount };
  },
);
// A creation the domain refuses (amount 0) once `refuseGate` opens: it has taken its creation hit by then.
let refuseGate: Promise<void> = Promise.resolve();
// Called when a refused creation reaches the gate: it has taken its creation hit by then.
let enteredRefusing: () => void = () => {};
const refusable = route(
  // No transaction: the waiting request must not hold the embedded database's one session.
  { auth: "key", idempotency: "required", limit: "payments.create", body: input(z.object({ amount: z.number().int() })), status: 201, operation: { transaction: "own" } },
  async (_ctx, { body }) => {
    if (body.amount === 0) {
      enteredRefusing();
      await refuseGate;
      throw new ApiError("INVALID_AMOUNT", "refused by the domain");
    }
    return { amount: body.amount };
  },
);
// The same, on a route that takes no idempotency key: its creation hit is taken before validation.
const unkeyedRefusable = route(
  { auth: "key", limit: "payments.create", body: input(z.object({ amount: z.number().int() })), status: 201, operation: { transaction: "own" } },
  async (_ctx, { body }) => {
    if (body.amount === 0) {
      enteredRefusing();
      await refuseGate;
      throw new ApiError("INVALID_AMOUNT", "refused by the domain");
    }
    return { amount: body.amount };
  },
);
// In its transaction, after its work: the request marked by `failFirst` waits for `rollbackGate`, then is refused.
let failFirst = false;
let rollbackGate: Promise<void> = Promise.resolve();
let enteredFailing: () => void = () => {};
const rollingBack = route(
  { auth: "key", idempotency: "required", body: input(z.object({ amount: z.number().int() })), status: 201 },
  async (ctx, { body }) => {
    const id = newId("jrn_ref");
    await postJournal(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, kind: "test.create", refType: "test", refId: id, entries: [{ account: "merchant_available", amount: body.amount }, { account: "operator_clearing", amount: -body.amount }], at: ctx.now });
    if (failFirst) {
      failFirst = false;
      enteredFailing();
      await rollbackGate;
      throw new ApiError("INVALID_AMOUNT", "refused by the domain");
    }
    return { id, amount: body.amount };
  },
);
const failing = route({ auth: "key", idempotency: "optional" }, async () => {
  throw new ApiError("INVALID_FIELD", "refused by the domain");
});
const crashing = route({ auth: "none" }, async () => {
  throw new Error("secret internals: sk_test_should_not_leak");
});

const lockWaitsOnIdempotencyKeys = async () =>
  rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into "idempotency_keys"%'`),
  )[0].n;
const countJournals = async (merchantId: string) => (await db().select({ n: count() }).from(journals).where(eq(journals.merchantId, merchantId)))[0].n;

describe("authentication", () => {
  it("answers 401 UNAUTHORIZED without or with a malformed Authorization header", async () => {
    for (const headers of [{}, { authorization: "Basic abc" }, { authorization: "Bearer " }, { authorization: "Bearer pk_test_123" }] as Record<string, string>[]) {
      const res = await call(echo, "POST", "/v1/echo", { headers, body: { amount: 100 } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    }
  });

  it("counts refused keys per client IP: each 401 carries the RateLimit headers, the 101st in a minute is 429", async () => {
    const headers = { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` };
    const key = `sk_test_${"G".repeat(32)}`;
    for (let i = 1; i <= 100; i++) {
      const res = await call(echo, "POST", "/v1/echo", { key, headers, body: { amount: 100 } });
      expect(res.status).toBe(401);
      expect(res.headers.get("ratelimit-limit")).toBe("100");
      expect(res.headers.get("ratelimit-remaining")).toBe(String(100 - i));
    }
    const throttled = await call(echo, "POST", "/v1/echo", { key, headers, body: { amount: 100 } });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // Without a key at all (UNAUTHORIZED) the same client is in the same bucket.
    expect((await call(echo, "POST", "/v1/echo", { headers, body: { amount: 100 } })).status).toBe(429);
  });

  it("answers 401 INVALID_API_KEY for an unknown, malformed-secret or revoked key", async () => {
    const m = await newMerchant();
    const unknown = `sk_test_${"A".repeat(32)}`;
    for (const key of [unknown, "sk_test_short"]) {
      const res = await call(echo, "POST", "/v1/echo", { key, body: { amount: 100 } });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("INVALID_API_KEY");
    }
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(m.testKey)));
    expect(await revokeApiKey(db(), m.merchant.id, row.id)).toBe(true);
    const res = await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } });
    expect(res.body.error.code).toBe("INVALID_API_KEY");
  });

  it("stores keys only as SHA-256 hashes, with ≥128 random bits and the mode in the prefix", async () => {
    const m = await newMerchant();
    expect(m.testKey).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(m.liveKey).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    const dump = JSON.stringify(await db().select().from(apiKeys).where(eq(apiKeys.merchantId, m.merchant.id)));
    expect(dump).not.toContain(m.testKey);
    expect(dump).not.toContain(m.liveKey);
    expect(dump).toContain(hashApiKey(m.testKey));
  });

  it("records when a key was last used", async () => {
    const m = await newMerchant();
    await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } });
    // Written off the request path, within a second (lib/platform/key-use.ts).
    await flushKeyUse();
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(m.testKey)));
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect(Date.now() - row.lastUsedAt!.getTime()).toBeLessThan(60_000);
  });

  it("lets the key decide the mode", async () => {
    const m = await newLiveMerchant();
    expect((await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } })).body.data.mode).toBe("test");
    expect((await call(echo, "POST", "/v1/echo", { key: m.liveKey, body: { amount: 100 } })).body.data.mode).toBe("live");
  });

  it("applies the live gates: production access, then a paid current subscription", async () => {
    const m = await newMerchant();
    let res = await call(echo, "POST", "/v1/echo", { key: m.liveKey, body: { amount: 100 } });
    expect([res.status, res.body.error.code]).toEqual([401, "PRODUCTION_KEY_DISABLED"]);
    await updateMerchant(db(), m.merchant.id, { productionEnabled: true });
    res = await call(echo, "POST", "/v1/echo", { key: m.liveKey, body: { amount: 100 } });
    expect([res.status, res.body.error.code]).toEqual([403, "PAID_SUBSCRIPTION_REQUIRED"]);
    await updateMerchant(db(), m.merchant.id, { platformPlan: "starter", platformPeriodEnd: new Date(Date.now() - 1000) });
    res = await call(echo, "POST", "/v1/echo", { key: m.liveKey, body: { amount: 100 } });
    expect(res.body.error.code).toBe("PAID_SUBSCRIPTION_REQUIRED");
    await updateMerchant(db(), m.merchant.id, { platformPlan: "starter" });
    res = await call(echo, "POST", "/v1/echo", { key: m.liveKey, body: { amount: 100 } });
    expect(res.status).toBe(200);
    // Test keys are never gated.
    await updateMerchant(db(), m.merchant.id, { productionEnabled: false, platformPlan: "none" });
    expect((await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } })).status).toBe(200);
  });
});

describe("envelope and validation", () => {
  it("wraps success as {success: true, data}", async () => {
    const m = await newMerchant();
    const res = await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } });
    expect(res.body).toEqual({ success: true, data: { mode: "test", merchant_id: m.merchant.id, amount: 100 } });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it.each([
    ["invalid JSON", { rawBody: "{not json", headers: { "content-type": "application/json" } }, 400, "INVALID_JSON"],
    ["a JSON array", { rawBody: "[1,2]", headers: { "content-type": "application/json" } }, 400, "INVALID_BODY"],
    ["a JSON string", { rawBody: '"hello"', headers: { "content-type": "application/json" } }, 400, "INVALID_BODY"],
    ["a form body", { rawBody: "amount=100", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "UNSUPPORTED_CONTENT_TYPE"],
    ["a wrong type", { body: { amount: "100" } }, 400, "INVALID_AMOUNT"],
    ["a missing field", { body: { label: "x" } }, 400, "INVALID_AMOUNT"],
    ["a wrong type on an unmapped field", { body: { amount: 100, label: 5 } }, 400, "INVALID_FIELD"],
  ])("refuses %s with a specific 4xx code", async (_name, options, status, code) => {
    const m = await newMerchant();
    const res = await call(echo, "POST", "/v1/echo", { key: m.testKey, ...options });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, error: { code, message: expect.any(String), ...(res.body.error.param ? { param: expect.any(String) } : {}) } });
  });

  it("names the field in the message of a generic validation error", async () => {
    const m = await newMerchant();
    const res = await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100, label: 5 } });
    expect(res.body.error.param).toBe("label");
    expect(res.body.error.message).toMatch(/^label/);
  });

  it("checks amount edges: 99 and 5,000,001 refused, 100 and 5,000,000 accepted", async () => {
    const m = await newMerchant();
    const status = async (amount: number) => (await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount } })).status;
    expect([await status(99), await status(100), await status(5_000_000), await status(5_000_001), await status(100.5)]).toEqual([400, 200, 200, 400, 400]);
  });

  it("turns an unexpected error into a 500 envelope that leaks nothing", async () => {
    const res = await call(crashing, "GET", "/v1/crash");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { code: "INTERNAL_ERROR", message: expect.any(String) } });
    expect(JSON.stringify(res.body)).not.toContain("secret internals");
  });
});

describe("rate limits", () => {
  it("holds the 429s of a client still sending at twice its limit (Retry-After ignored), and answers the rest at once", async () => {
    const configured = process.env.CAURI_RATE_LIMIT_HOLD_MS;
    process.env.CAURI_RATE_LIMIT_HOLD_MS = "400";
    try {
      const m = await newMerchant();
      const send = () => call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } });
      for (let batch = 0; batch < 11; batch++) await Promise.all(Array.from({ length: 18 }, send));
      // 198 sent: the 100 allowed, then refusals answered without a hold.
      const before = performance.now();
      const refused = await send();
      expect(refused.status).toBe(429);
      const persistent = await send();
      const held = performance.now() - before;
      expect([persistent.status, persistent.body.error.code]).toEqual([429, "RATE_LIMIT_EXCEEDED"]);
      expect(held).toBeGreaterThanOrEqual(400);
      // Per key: another merchant's first request is not held.
      expect((await call(echo, "POST", "/v1/echo", { key: (await newMerchant()).testKey, body: { amount: 100 } })).status).toBe(200);
    } finally {
      process.env.CAURI_RATE_LIMIT_HOLD_MS = configured;
    }
  });

  it("sends RateLimit-* headers and refuses the 11th create of a minute with 429 and Retry-After", async () => {
    const m = await newMerchant();
    for (let i = 1; i <= 10; i++) {
      const res = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: `k${i}` });
      expect(res.status).toBe(201);
      expect(res.headers.get("ratelimit-limit")).toBe("10");
      expect(res.headers.get("ratelimit-remaining")).toBe(String(10 - i));
      expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    }
    const res = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "k11" });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await countJournals(m.merchant.id)).toBe(10);
    // Counted per key: another merchant is unaffected.
    const other = await newMerchant();
    expect((await call(create, "POST", "/v1/create", { key: other.testKey, body: { amount: 100 }, idempotencyKey: "k1" })).status).toBe(201);
  });

  it("answers 50 concurrent requests with one key from the stored answer: one creation, 49 replays, no 429", async () => {
    const m = await newMerchant();
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "retry-storm" })));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(49);
    expect(await countJournals(m.merchant.id)).toBe(1);
    // A replay reports the creation limit it did not use.
    const replay = answers.find((a) => a.headers.get("idempotent-replayed") === "true")!;
    expect([replay.headers.get("ratelimit-limit"), replay.headers.get("ratelimit-remaining")]).toEqual(["10", "9"]);
    // The one creation used one of the minute's 10: 9 fresh keys create, the next is 429.
    for (let i = 1; i <= 9; i++) expect((await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: `fresh-${i}` })).status).toBe(201);
    const over = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "fresh-10" });
    expect([over.status, over.body.error.code]).toEqual([429, "RATE_LIMIT_EXCEEDED"]);
    // With the creation limit spent, a retry of a created key still gets its answer.
    const late = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "retry-storm" });
    expect([late.status, late.body.data.id, late.headers.get("idempotent-replayed")]).toEqual([201, answers[0].body.data.id, "true"]);
    expect(await countJournals(m.merchant.id)).toBe(10);
  });

  it("does not count a conflicting reuse of a key (409) as a creation", async () => {
    const m = await newMerchant();
    expect((await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "k" })).status).toBe(201);
    const conflicts = await Promise.all(Array.from({ length: 15 }, (_, i) => call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 200 + i }, idempotencyKey: "k" })));
    for (const c of conflicts) expect([c.status, c.body.error.code]).toEqual([409, "DUPLICATE_PAYMENT"]);
    const created = [];
    for (let i = 1; i <= 10; i++) created.push((await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: `n${i}` })).status);
    expect(created).toEqual([...Array(9).fill(201), 429]);
    expect(await countJournals(m.merchant.id)).toBe(10);
  });

  it("lets exactly 10 of 16 concurrent new keys create, and frees the refused keys for a later retry", async () => {
    const m = await newMerchant();
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: `burst-${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect([r.body.error.code, r.headers.get("ratelimit-limit")]).toEqual(["RATE_LIMIT_EXCEEDED", "10"]);
    expect(await countJournals(m.merchant.id)).toBe(10);
    const rows = await db().execute(sql`select count(*)::int as n from idempotency_keys where key like 'burst-%' and application_id = ${m.applicationId}`);
    expect(JSON.stringify(rows)).toContain('"n":10');
  });

  it("hands back the hits of requests refused by the creation limit itself", async () => {
    const m = await newMerchant();
    for (let i = 1; i <= 9; i++) expect((await call(refusable, "POST", "/v1/refusable", { key: m.testKey, body: { amount: 100 }, idempotencyKey: `c${i}` })).status).toBe(201);
    let open!: () => void;
    refuseGate = new Promise((r) => (open = r));
    const entered = new Promise<void>((r) => (enteredRefusing = r));
    // The 10th takes the last creation, then waits; meanwhile three more are refused by the limit.
    const tenth = call(refusable, "POST", "/v1/refusable", { key: m.testKey, body: { amount: 0 }, idempotencyKey: "c10" });
    await entered;
    for (let i = 0; i < 3; i++) expect((await call(refusable, "POST", "/v1/refusable", { key: m.testKey, body: { amount: 100 }, idempotencyKey: `late-${i}` })).status).toBe(429);
    open();
    expect((await tenth).status).toBe(400);
    // The refused 10th handed its creation back, and the three 429s took none: one creation is left.
    expect((await call(refusable, "POST", "/v1/refusable", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "c11" })).status).toBe(201);
    expect((await call(refusable, "POST", "/v1/refusable", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "c12" })).status).toBe(429);
  });

  it("hands back the hits of requests refused by the creation limit on a route without idempotency too", async () => {
    const m = await newMerchant();
    const post = (amount: number) => call(unkeyedRefusable, "POST", "/v1/unkeyed", { key: m.testKey, body: { amount } });
    for (let i = 1; i <= 9; i++) expect((await post(100)).status).toBe(201);
    let open!: () => void;
    refuseGate = new Promise((r) => (open = r));
    const entered = new Promise<void>((r) => (enteredRefusing = r));
    const tenth = post(0);
    await entered;
    for (let i = 0; i < 3; i++) expect((await post(100)).status).toBe(429);
    open();
    expect((await tenth).status).toBe(400);
    expect((await post(100)).status).toBe(201);
    expect((await post(100)).status).toBe(429);
  });

  it("counts the default 100/minute across routes and opens a new window after a minute", async () => {
    // Counters in this process's memory, whose clock the test can move past the window.
    setProcessRateLimiter(createRateLimiter());
    try {
      const m = await newMerchant();
      // The window opens with the first hit, somewhere between these two instants.
      const before = Date.now();
      expect((await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } })).status).toBe(200);
      const after = Date.now();
      for (let i = 1; i < 100; i++) expect((await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } })).status).toBe(200);
      expect((await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } })).status).toBe(429);
      vi.setSystemTime(before + 59_000);
      expect((await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } })).status).toBe(429);
      vi.setSystemTime(after + 60_000);
      const res = await call(echo, "POST", "/v1/echo", { key: m.testKey, body: { amount: 100 } });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-remaining")).toBe("99");
    } finally {
      vi.useRealTimers();
      await closeRateLimits();
    }
  });
});

describe("idempotency", () => {
  it("requires the header where the route says so, and at most 128 characters", async () => {
    const m = await newMerchant();
    let res = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 } });
    expect([res.status, res.body.error.code]).toEqual([400, "IDEMPOTENCY_KEY_REQUIRED"]);
    res = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "x".repeat(129) });
    expect([res.status, res.body.error.code]).toEqual([400, "IDEMPOTENCY_KEY_TOO_LONG"]);
    res = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "x".repeat(128) });
    expect(res.status).toBe(201);
  });

  it("replays the first answer for the same request and refuses a different one with the route's code", async () => {
    const m = await newMerchant();
    const first = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "same" });
    const again = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "same" });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const different = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 200 }, idempotencyKey: "same" });
    expect([different.status, different.body.error.code]).toEqual([409, "DUPLICATE_PAYMENT"]);
    expect(await countJournals(m.merchant.id)).toBe(1);
  });

  it("scopes keys per application and mode", async () => {
    const a = await newLiveMerchant();
    const b = await newMerchant();
    const r1 = await call(create, "POST", "/v1/create", { key: a.testKey, body: { amount: 100 }, idempotencyKey: "shared" });
    const r2 = await call(create, "POST", "/v1/create", { key: a.liveKey, body: { amount: 100 }, idempotencyKey: "shared" });
    const r3 = await call(create, "POST", "/v1/create", { key: b.testKey, body: { amount: 100 }, idempotencyKey: "shared" });
    expect(new Set([r1.body.data.id, r2.body.data.id, r3.body.data.id]).size).toBe(3);
  });

  it("keeps answers 24 hours on the merchant's clock", async () => {
    const m = await newMerchant();
    const first = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "day" });
    await advanceTestClock(db(), m.merchant.id, 24 * 3600 - 60);
    expect((await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "day" })).body.data.id).toBe(first.body.data.id);
    await advanceTestClock(db(), m.merchant.id, 120);
    const after = await call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "day" });
    expect(after.status).toBe(201);
    expect(after.body.data.id).not.toBe(first.body.data.id);
  });

  it("creates exactly one resource for concurrent requests with one key", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 5 }, () => call(create, "POST", "/v1/create", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "race" })));
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(await countJournals(m.merchant.id)).toBe(1);
  });

  it("makes a request waiting on the key its owner when the first rolls back: its work and its reservation go together", async () => {
    const m = await newMerchant();
    let open!: () => void;
    rollbackGate = new Promise((resolve) => (open = resolve));
    const inside = new Promise<void>((resolve) => (enteredFailing = resolve));
    failFirst = true;
    const send = () => call(rollingBack, "POST", "/v1/rolling", { key: m.testKey, body: { amount: 100 }, idempotencyKey: "rolled-back" });
    const first = send();
    await inside;
    const second = send();
    // The second is held on the first's reservation, uncommitted, until the first ends: on PostgreSQL, a lock wait on the key.
    if (dbDriver() === "postgres") await expect.poll(lockWaitsOnIdempotencyKeys, { timeout: 5_000 }).toBe(1);
    // PGlite runs one statement at a time, so there is no lock wait to observe: the second is given time to be held.
    else await new Promise((resolve) => setTimeout(resolve, 200));
    open();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, a.body.error.code]).toEqual([400, "INVALID_AMOUNT"]);
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(await countJournals(m.merchant.id)).toBe(1);
    const replayed = await send();
    expect([replayed.status, replayed.body.data.id, replayed.headers.get("idempotent-replayed")]).toEqual([201, b.body.data.id, "true"]);
  });

  it("frees the key when the request fails, so a corrected retry runs", async () => {
    const m = await newMerchant();
    const res = await call(failing, "POST", "/v1/failing", { key: m.testKey, idempotencyKey: "f" });
    expect(res.status).toBe(400);
    const rows = await db().execute(sql`select count(*)::int as n from idempotency_keys where key = 'f'`);
    expect(JSON.stringify(rows)).toContain('"n":0');
  });
});
