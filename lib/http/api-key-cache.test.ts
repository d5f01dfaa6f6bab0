import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, dbDriver, observeQueries } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { hashApiKey, revokeApiKey } from "@/lib/platform/api-keys";
import { flushKeyUse } from "@/lib/platform/key-use";
import { updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { cacheGeneration, cachedKey, cachedKeyCount, KEY_CACHE_MAX_ENTRIES, storeKey } from "./api-key-cache";
import { route } from "./route";

// What authentication hands a route: everything the cache must keep fresh.
const whoami = route({ auth: "key" }, async (ctx) => ({ merchant_id: ctx.merchant.id, mode: ctx.mode, now: ctx.now.toISOString() }));
const ask = (key: string) => call(whoami, "GET", "/v1/whoami", { key });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many times `fn` read api_keys. */
async function keyReads(fn: () => Promise<unknown>): Promise<number> {
  let reads = 0;
  observeQueries((query) => {
    if (/^select .* from "api_keys"/s.test(query)) reads++;
  });
  try {
    await fn();
  } finally {
    observeQueries(null);
  }
  return reads;
}

/** Asks until a request is answered from the cache, so that what follows is proven against a cached key. */
async function cached(key: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await keyReads(() => ask(key))) > 0) {
    if (Date.now() > deadline) throw new Error("the key cache never served a request");
    await sleep(50);
  }
}

const keyIdOf = async (key: string) => (await db().select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(key))))[0].id;

describe("API key cache", () => {
  // First in the file, so the merchant's own key is the oldest entry the bound drops.
  it(`holds at most ${KEY_CACHE_MAX_ENTRIES.toLocaleString("en")} keys, dropping the oldest stored past that`, async () => {
    const m = await newMerchant();
    await cached(m.testKey);
    const { record } = cachedKey(db(), hashApiKey(m.testKey))!;
    const store = (hash: string) => storeKey(db(), hash, record, cacheGeneration(db()), Date.now());
    for (let i = cachedKeyCount(db()); i < KEY_CACHE_MAX_ENTRIES; i++) store(`bound-${i}`);
    expect(cachedKeyCount(db())).toBe(KEY_CACHE_MAX_ENTRIES);
    expect(cachedKey(db(), hashApiKey(m.testKey))).not.toBeNull();

    store("bound-one-more");
    expect(cachedKeyCount(db())).toBe(KEY_CACHE_MAX_ENTRIES);
    expect(cachedKey(db(), "bound-one-more")).not.toBeNull();
    expect(cachedKey(db(), hashApiKey(m.testKey))).toBeNull();
  });

  it("answers a known key without reading it again", async () => {
    const m = await newMerchant();
    await cached(m.testKey);
    expect(await keyReads(() => ask(m.testKey))).toBe(0);
    expect((await ask(m.testKey)).body.data).toMatchObject({ merchant_id: m.merchant.id, mode: "test" });
  });

  it("refuses a key revoked on this instance from the very next request", async () => {
    const m = await newMerchant();
    await cached(m.testKey);
    expect(await revokeApiKey(db(), m.merchant.id, await keyIdOf(m.testKey))).toBe(true);
    const res = await ask(m.testKey);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("INVALID_API_KEY");
  });

  // PGlite runs one statement at a time, so a request cannot read while the revocation's transaction is open.
  it.skipIf(dbDriver() === "pglite")("does not keep a key read while its revocation was not yet committed", async () => {
    const m = await newMerchant();
    await cached(m.testKey);
    await db().transaction(async (tx) => {
      expect(await revokeApiKey(tx as never, m.merchant.id, await keyIdOf(m.testKey))).toBe(true);
      // Not committed: the key is still valid, and this answer must not be cached.
      expect((await ask(m.testKey)).status).toBe(200);
    });
    expect((await ask(m.testKey)).status).toBe(401);
  });

  it("sees a merchant's changes from the very next request: live gates and the test clock", async () => {
    const m = await newLiveMerchant();
    await cached(m.liveKey);
    await cached(m.testKey);
    await updateMerchant(db(), m.merchant.id, { productionEnabled: false });
    expect((await ask(m.liveKey)).body.error.code).toBe("PRODUCTION_KEY_DISABLED");

    const before = new Date((await ask(m.testKey)).body.data.now).getTime();
    await advanceTestClock(db(), m.merchant.id, 86_400);
    const after = new Date((await ask(m.testKey)).body.data.now).getTime();
    expect(after - before).toBeGreaterThanOrEqual(86_400_000);
  });

  // Another process on the same database: only PostgreSQL's notification can reach this one.
  it.skipIf(dbDriver() === "pglite")(
    "sees a change made by another process (the ops CLI) once its notification arrives",
    async () => {
      const m = await newLiveMerchant();
      await cached(m.liveKey);
      await promisify(execFile)("npx", ["tsx", "bin/ops.ts", "merchant", "update", m.merchant.id, "--production", "off", "--json"], { env: { ...process.env, CAURI_LOG: "silent" } });
      const deadline = Date.now() + 2_000;
      let code: string | undefined;
      while (code !== "PRODUCTION_KEY_DISABLED" && Date.now() < deadline) {
        code = (await ask(m.liveKey)).body.error?.code;
        if (code !== "PRODUCTION_KEY_DISABLED") await sleep(20);
      }
      expect(code).toBe("PRODUCTION_KEY_DISABLED");
    },
    60_000,
  );

  it("reads a cold key once for a burst of concurrent requests, and writes its last use once, off their path", async () => {
    const m = await newMerchant();
    let reads = 0;
    let touches = 0;
    observeQueries((query) => {
      if (/^select .* from "api_keys"/s.test(query)) reads++;
      if (/^update "api_keys"/.test(query)) touches++;
    });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => ask(m.testKey)));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect([reads, touches]).toEqual([1, 0]);
      await flushKeyUse();
      await flushKeyUse();
      expect(touches).toBe(1);
    } finally {
      observeQueries(null);
    }
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(m.testKey)));
    expect(Date.now() - row.lastUsedAt!.getTime()).toBeLessThan(60_000);
  });
});
