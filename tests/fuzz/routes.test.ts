import fc from "fast-check";
import { sql } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeIndex } from "@/app/v1/route-index";
import { db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { createUser } from "@/lib/auth/users";
import { updateMerchant } from "@/lib/platform/merchants";
import { createAppServer } from "@/server/http-server";
import { serverOptions } from "@/server/options";
import { newMerchant } from "@/tests/support/merchant";
import { createEnrolledStaffUser } from "@/tests/support/two-factor";

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

/**
 * The dashboard's and the ops console's API: every route file under app/dashboard-api and
 * app/ops-api, called as Next.js calls it with a merchant owner's or a staff member's session
 * (or none), gets hostile path segments, query parameters and bodies: never a 500, the envelope
 * on every JSON 4xx. (Not "changes nothing": a refused sign-in is recorded by design.)
 */
const accountModules = import.meta.glob<Record<string, unknown>>(["/app/dashboard-api/**/route.ts", "/app/ops-api/**/route.ts"], { eager: true });
const accountTargets = Object.entries(accountModules).flatMap(([file, module]) => {
  const path = file.replace(/^\/app/, "").replace(/\/route\.ts$/, "");
  return METHODS.filter((m) => typeof module[m] === "function").map((m) => ({ method: m, path, handler: module[m] as Handler }));
});
const ORIGIN = "http://localhost:3000";
// What people type in a search box or a filter, and what an attacker does.
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(NUL_TEXT, "\u0000", "../../etc/passwd", "..", "%", "%ZZ", "%C0%AF", "\uD800", "é".repeat(70), "a".repeat(5000), "9".repeat(400), "' or 1=1 --", "+223 70 00 00 01", "txn_", "-1", "1e309", "2026-02-30"),
);
// Every query parameter a dashboard or ops page or API reads.
const QUERY_NAMES = ["q", "status", "from", "to", "page", "limit", "lang", "payment", "payment_id", "mode", "kind", "type", "after", "before", "cursor", "id", "merchant_id", "event", "format", "token", "role", "sort", "days", "period", "month", "year", "currency", "action", "actor", "target"] as const;

// A lone surrogate has no UTF-8 form: a client that sends one sends these bytes, invalid UTF-8.
const percentEncoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.split("").map((unit) => (/[\uD800-\uDFFF]/.test(unit) ? "%ED%A0%80" : encodeURIComponent(unit))).join("");
  }
};

let sessions: Record<string, string>[] = [];

/** A merchant owner's session, a staff member's, and none: new people, whose rate limits nothing has spent yet. */
async function freshSessions(): Promise<Record<string, string>[]> {
  const { merchant } = await newMerchant({ kycStatus: "approved" });
  const owner = await createUser(db(), { email: `fuzz-owner-${crypto.randomUUID()}@fuzz.example.ml`, password: "phrase de passe solide", role: "merchant", merchantId: merchant.id, merchantRole: "owner" });
  const { user: staff } = await createEnrolledStaffUser(db(), { email: `fuzz-staff-${crypto.randomUUID()}@fuzz.example.ml`, password: "phrase de passe solide" });
  return [{ cookie: await mintSessionCookie(owner), origin: ORIGIN }, { cookie: await mintSessionCookie(staff), origin: ORIGIN }, { origin: ORIGIN }];
}

beforeAll(async () => {
  sessions = await freshSessions();
});

describe("fuzzing every /dashboard-api and /ops-api route", () => {
  it("covers every route file", () => {
    expect(new Set(accountTargets.map((t) => t.path)).size).toBeGreaterThan(60);
  });

  it("never answers 500, and always the envelope on a JSON 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: accountTargets.length - 1 }),
        fc.integer({ min: 0, max: 2 }),
        fc.dictionary(fc.constantFrom("id", "token", "slug", "tag"), hostile),
        fc.oneof(body, fc.dictionary(fc.constantFrom("email", "name", "password", "role", "url", "description", "q", "reason", "note", "amount", "code", "phone", "status"), fc.oneof(jsonValue, hostile)).map((v) => JSON.stringify(v))),
        fc.dictionary(fc.constantFrom(...QUERY_NAMES), hostile),
        async (targetIndex, who, params, rawBody, query) => {
          const target = accountTargets[targetIndex];
          const pathParams = Object.fromEntries([...target.path.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map(([, n]) => [n, params[n] ?? "x"]));
          const url = new URL(`${ORIGIN}${target.path.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, n) => percentEncoded(pathParams[n]))}`);
          for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
          const hasBody = target.method !== "GET" && target.method !== "DELETE";
          const res = await target.handler(new Request(url, { method: target.method, headers: { ...sessions[who], "content-type": "application/json" }, body: hasBody ? rawBody : undefined }), {
            params: Promise.resolve(pathParams),
          });
          expect(res.status, `${target.method} ${target.path} ${JSON.stringify({ who, params, query, rawBody })}`).not.toBe(500);
          if (res.status >= 500) expect([502, 503]).toContain(res.status);
          if (res.status >= 400 && res.status < 500 && res.headers.get("content-type")?.includes("json")) {
            expect(await res.json()).toMatchObject({ success: false, error: { code: expect.stringMatching(/^[A-Z][A-Z0-9_]+$/), message: expect.any(String) } });
          }
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }, 600_000);

  it("refuses a NUL in a JSON body of every dashboard and ops route that reads one with a clear 400", async () => {
    // Not the fuzzed sessions: their per-user limits may be spent (429 before the body is read).
    const own = await freshSessions();
    const refusedForNul = new Set<string>();
    for (const target of accountTargets.filter((t) => t.method === "POST" || t.method === "PATCH" || t.method === "PUT")) {
      const path = target.path.replace(/\[(?:\.\.\.)?(\w+)\]/g, "x");
      const params = Object.fromEntries([...target.path.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map(([, n]) => [n, "x"]));
      for (const session of own.slice(0, 2)) {
        const res = await target.handler(new Request(`${ORIGIN}${path}`, { method: target.method, headers: { ...session, "content-type": "application/json" }, body: JSON.stringify({ name: NUL_TEXT, email: NUL_TEXT, q: NUL_TEXT, [NUL_TEXT]: 1 }) }), {
          params: Promise.resolve(params),
        });
        expect(res.status, `${target.method} ${target.path}`).toBeLessThan(500);
        // Refused for the NUL, or before the body is read (an unknown id, a staff-only route).
        if (res.status === 400) {
          expect((await res.json()).error.message, `${target.method} ${target.path}`).toContain("NUL");
          refusedForNul.add(`${target.method} ${target.path}`);
        }
      }
    }
    expect(refusedForNul.size).toBeGreaterThan(30);
  }, 600_000);
});

/**
 * Every page, and every query parameter a page reads, through the real edge: hostile path
 * segments and query values never make a 500, and what the edge lets through to Next.js is a
 * target its router can decode holding no NUL, so no page can hand one to SQL.
 */
const pageFiles = Object.keys(import.meta.glob(["/app/**/page.tsx"]));
const pagePaths = pageFiles.map((file) => file.replace(/^\/app/, "").replace(/\/\([^)]+\)/g, "").replace(/\/page\.tsx$/, "") || "/");

describe("fuzzing every page's path and query string through the edge", () => {
  let base = "";
  let received: string[] = [];
  let close = () => {};
  beforeAll(async () => {
    const { server } = createAppServer(serverOptions(), async (req, res) => {
      received.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html" });
      res.end("page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => {
      server.closeAllConnections();
      server.close();
    };
  });
  afterAll(() => close());

  it("covers every page", () => {
    expect(pagePaths).toEqual(expect.arrayContaining(["/dashboard/payments", "/dashboard/search", "/ops/merchants", "/ops/merchants/[id]", "/l/[slug]", "/"]));
    expect(pagePaths.length).toBeGreaterThan(40);
  });

  it("never answers 500, and passes on only targets that decode and hold no NUL", async () => {
    // Raw percent sequences as a client may send them, valid or not.
    const rawPiece = fc.oneof(hostile.map((v) => encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "x"))), fc.constantFrom("%00", "%ZZ", "%C0", "%E0%A4%A", "%2e%2e", "..", "%", "a%00b", "%F0%9F%92%B3", "x".repeat(3000)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pagePaths), fc.dictionary(fc.constantFrom("id", "slug", "token", "tag"), rawPiece), fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES, "%00"), rawPiece), { maxLength: 4 }), async (page, segments, query) => {
        received = [];
        const path = page.replace(/\[(\w+)\]/g, (_, n) => segments[n] ?? "x");
        const target = `${path}${query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join("&")}` : ""}`;
        const res = await fetch(`${base}${target}`);
        expect(res.status, target).not.toBe(500);
        if (res.status >= 400) {
          expect(await res.json(), target).toMatchObject({ success: false, error: { code: expect.any(String) } });
          return;
        }
        for (const passed of received) {
          const url = new URL(passed, "http://x");
          expect(() => decodeURIComponent(url.pathname), passed).not.toThrow();
          expect(decodeURIComponent(url.pathname), passed).not.toContain("\u0000");
          for (const [k, v] of url.searchParams) expect(k + v, passed).not.toContain("\u0000");
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
  }, 600_000);
});
