import { expect, test, type APIResponse } from "@playwright/test";
import postgres from "postgres";
import { extraPort, startInstance, suiteDatabaseUrl, type Instance } from "./support/instance";
import { createMerchant, type TestMerchant } from "./support/merchant";

/**
 * Production serves /v1 by calling each route file's exported handler directly (server/), and
 * `next dev` serves the same handlers through Next.js's router. Both must answer alike: the same
 * requests go to the suite's server (direct) and to an instance with CAURI_V1_DISPATCH=next.
 */
let throughNext: Instance;
let m: TestMerchant;
let paymentId: string;
const createBody = { amount: 1500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" };

test.beforeAll(async ({ request, baseURL }) => {
  throughNext = await startInstance(extraPort("E2E_PARITY_PORT", 7), { CAURI_V1_DISPATCH: "next", CAURI_JOBS: "off" });
  m = await createMerchant();
  const created = await request.post(`${baseURL}/v1/payments`, { headers: { Authorization: `Bearer ${m.test_key}`, "X-Idempotency-Key": "parity-create" }, data: createBody });
  expect(created.status()).toBe(201);
  paymentId = (await created.json()).data.id;
});

test.afterAll(async () => {
  await throughNext?.stop();
});

/**
 * The headers a client acts on. Left out: Date, Keep-Alive, the framing (Next.js streams, the
 * server sends a length), Next.js's Vary for its page router, and the decreasing RateLimit-Remaining.
 */
const MATTERING = ["content-type", "cache-control", "allow", "location", "refresh", "idempotent-replayed", "x-request-id", "ratelimit-limit", "retry-after"];

/**
 * Status, the headers that matter, and the body with the instances' ports (in absolute URLs) made
 * neutral: each builds URLs from its own port, and a stored answer keeps the port of the one that created it.
 */
async function summary(res: APIResponse, bases: string[]) {
  const headers = res.headers();
  let body = (await res.body()).toString("utf8");
  for (const port of bases.map((base) => new URL(base).port)) body = body.replaceAll(`:${port}/`, ":<port>/").replaceAll(`:${port}"`, ':<port>"');
  return { status: res.status(), headers: Object.fromEntries(MATTERING.filter((h) => h in headers).map((h) => [h, headers[h]])), body };
}

type Case = { name: string; method: string; path: () => string; headers?: () => Record<string, string>; body?: string };
const key = () => ({ Authorization: `Bearer ${m.test_key}` });
const cases: Case[] = [
  { name: "a payment", method: "GET", path: () => `/v1/payments/${paymentId}`, headers: key },
  { name: "a payment, HEAD", method: "HEAD", path: () => `/v1/payments/${paymentId}`, headers: key },
  { name: "a list with a limit", method: "GET", path: () => "/v1/payments?limit=2", headers: key },
  { name: "an unknown payment", method: "GET", path: () => "/v1/payments/txn_nope", headers: key },
  { name: "a path that is not percent-encoding", method: "GET", path: () => "/v1/payments/%ZZ", headers: key },
  { name: "an unknown route", method: "GET", path: () => "/v1/nope/deeper", headers: key },
  { name: "/v1 itself", method: "GET", path: () => "/v1" },
  { name: "a trailing slash", method: "GET", path: () => "/v1/payments/", headers: key },
  { name: "a method the route does not serve", method: "DELETE", path: () => "/v1/payments", headers: key },
  { name: "OPTIONS", method: "OPTIONS", path: () => "/v1/payments" },
  { name: "no key", method: "GET", path: () => "/v1/payments" },
  { name: "an unknown key", method: "GET", path: () => "/v1/payments", headers: () => ({ Authorization: "Bearer sk_test_unknown0000000000000000000000" }) },
  { name: "invalid JSON", method: "POST", path: () => "/v1/payments", headers: () => ({ ...key(), "Content-Type": "application/json", "X-Idempotency-Key": "parity-bad-json" }), body: "{" },
  { name: "not JSON", method: "POST", path: () => "/v1/payments", headers: () => ({ ...key(), "Content-Type": "text/plain", "X-Idempotency-Key": "parity-text" }), body: "amount=1" },
  { name: "a missing field", method: "POST", path: () => "/v1/payments", headers: () => ({ ...key(), "Content-Type": "application/json", "X-Idempotency-Key": "parity-missing" }), body: "{}" },
  { name: "an idempotent replay", method: "POST", path: () => "/v1/payments", headers: () => ({ ...key(), "Content-Type": "application/json", "X-Idempotency-Key": "parity-create" }), body: JSON.stringify(createBody) },
  { name: "the event catalogue", method: "GET", path: () => "/v1/webhook-event-types", headers: key },
  { name: "the public plans", method: "GET", path: () => "/v1/public/plans" },
  { name: "the OpenAPI document", method: "GET", path: () => "/v1/openapi.json" },
];

for (const c of cases) {
  test(`direct and through Next.js answer alike: ${c.name}`, async ({ request, baseURL }) => {
    const send = (base: string) =>
      request.fetch(`${base}${c.path()}`, { method: c.method, headers: { "X-Request-Id": `parity-${c.name.replaceAll(" ", "-")}`, ...c.headers?.() }, data: c.body, maxRedirects: 0 });
    const bases = [baseURL!, throughNext.url];
    const direct = await summary(await send(baseURL!), bases);
    const viaNext = await summary(await send(throughNext.url), bases);
    expect(direct).toEqual(viaNext);
  });
}

test("one process keeps one database pool, whichever copy of lib/ serves the request", async ({ request }) => {
  const name = `cauri-count-${Date.now()}`;
  const counted = await startInstance(extraPort("E2E_COUNT_PORT", 8), { CAURI_INSTANCE_NAME: name, DATABASE_POOL_MAX: "3", CAURI_JOBS: "off" });
  const sql = postgres(suiteDatabaseUrl(), { max: 1, onnotice: () => {} });
  try {
    // /v1 goes through the server's own copy of lib/; /readyz through Next.js's bundle. Both at once, more than one pool holds.
    const burst = [
      ...Array.from({ length: 12 }, () => request.get(`${counted.url}/v1/payments?limit=1`, { headers: key() })),
      ...Array.from({ length: 12 }, () => request.get(`${counted.url}/readyz`)),
    ];
    for (const res of await Promise.all(burst)) expect(res.status()).toBe(200);
    const rows = await sql<{ application_name: string; n: number }[]>`
      select application_name, count(*)::int as n from pg_stat_activity where application_name like ${`${name}:%`} group by application_name`;
    expect(rows).toHaveLength(1);
    // The pool (3) plus the key cache's LISTEN connection and the availability probe's.
    expect(rows[0].n).toBeGreaterThanOrEqual(3);
    expect(rows[0].n).toBeLessThanOrEqual(5);
  } finally {
    await sql.end();
    await counted.stop();
  }
});
