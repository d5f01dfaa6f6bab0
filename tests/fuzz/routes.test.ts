import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { routeIndex } from "@/app/v1/openapi.json/route-index";
import { db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { updateMerchant } from "@/lib/platform/merchants";
import { newMerchant } from "@/tests/support/merchant";

/**
 * Bad input never breaks the service: random JSON bodies, headers and path segments sent to
 * every /v1 route get no 500, the error envelope on every 4xx, and a refused request changes
 * nothing (row counts of every table but the rate-limit counters stay put).
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const targets = routeIndex.flatMap((r) =>
  METHODS.filter((m) => typeof r.module[m] === "function").map((m) => ({ method: m, path: r.path, handler: r.module[m] as Handler })),
);

let keys: string[] = [];

beforeAll(async () => {
  const m = await newMerchant({ secureOrdersEnabled: true, kycStatus: "approved" });
  const live = await newMerchant();
  await updateMerchant(db(), live.merchant.id, { productionEnabled: true, platformPlan: "pro" });
  keys = [m.testKey, live.liveKey];
});

// What a refused request may still write: its line in the request log.
async function tableCounts(): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await db().execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('api_request_log', '__drizzle_migrations')`),
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    counts[table_name] = Number(rowsOf<{ n: number }>(await db().execute(sql.raw(`select count(*)::int as n from "${table_name}"`)))[0].n);
  }
  return counts;
}

// NUL (U+0000) is the one character PostgreSQL text and jsonb cannot hold: Next.js decodes %00 in a path to it.
const NUL_TEXT = "a\u0000b";
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(NUL_TEXT), fc.constant({ [NUL_TEXT]: 1 }));
const segment = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("txn_x", "00000000-0000-0000-0000-000000000000", "%00", "\u0000", NUL_TEXT, "..", "a".repeat(300), "' or 1=1 --"));
const body = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom("amount", "customer_phone", "return_url", "payment_method", "provider", "metadata", "items", "status", "code", "url", "name", "interval", "plan_id", "mode", "slug", "seconds", "outcome", "phone_number"), jsonValue).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

describe("fuzzing every /v1 route", () => {
  it("covers every route file", () => {
    expect(targets.length).toBeGreaterThan(50);
  });

  it("never answers 500, always the envelope on 4xx, and a refusal changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: targets.length - 1 }),
        fc.option(fc.constantFrom(...keys, "sk_test_nope", "Bearer", ""), { nil: undefined }),
        fc.dictionary(fc.constantFrom("id", "slug", "event_id", "token"), segment),
        body,
        fc.constantFrom("application/json", "text/plain", ""),
        fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
        fc.dictionary(fc.constantFrom("page", "limit", "status", "after", "format", "size", "amount", "merchant_id", "offset", "from", "to"), fc.oneof(fc.string({ maxLength: 20 }), fc.constant(NUL_TEXT))),
        async (targetIndex, key, params, rawBody, contentType, idem, query) => {
          const target = targets[targetIndex];
          const before = await tableCounts();
          const headers: Record<string, string> = {};
          if (key !== undefined) headers.authorization = key.startsWith("sk_") ? `Bearer ${key}` : key;
          if (contentType) headers["content-type"] = contentType;
          if (idem !== undefined) headers["x-idempotency-key"] = idem;
          // Next.js always fills every segment of the route's path; only the values are random.
          const pathParams = Object.fromEntries([...target.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => [n, params[n] ?? "x"]));
          const url = new URL(`http://localhost:3000${target.path.replace(/\{(\w+)\}/g, (_, n) => encodeURIComponent(pathParams[n]))}`);
          for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
          const hasBody = target.method !== "GET" && target.method !== "DELETE";
          const res = await target.handler(new Request(url, { method: target.method, headers, body: hasBody ? rawBody : undefined }), {
            params: Promise.resolve(pathParams),
          });
          expect(res.status, `${target.method} ${target.path} ${JSON.stringify({ params, query, rawBody, contentType })}`).not.toBe(500);
          // 502/503 are the documented answers for an unreachable operator or database, never a crash.
          if (res.status >= 500) expect([502, 503]).toContain(res.status);
          if (res.status >= 400 && res.status < 500 && res.headers.get("content-type")?.includes("json")) {
            const json = await res.json();
            expect(json).toMatchObject({ success: false, error: { code: expect.stringMatching(/^[A-Z][A-Z0-9_]+$/), message: expect.any(String) } });
            expect(await tableCounts(), `${target.method} ${target.path} → ${res.status} ${json.error.code} changed state`).toEqual(before);
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }, 600_000);
});
