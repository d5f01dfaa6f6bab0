import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CauriClient, CauriError } from "./index";

// A stand-in for the API on 127.0.0.1 that answers from a script, to drive the client through
// rate limits, outages and dropped connections that the real service cannot be asked to produce.
type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string; at: number };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | "drop";
let script: Answer[] = [];
let seen: Seen[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, at: Date.now() });
      const answer = script.shift() ?? { status: 200, body: { success: true, data: {} } };
      if (answer === "drop") return req.socket.destroy();
      res.writeHead(answer.status, { "content-type": "application/json", "x-request-id": `req_${seen.length}`, ...answer.headers });
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = [];
  seen = [];
});

const key = "sk_test_" + "a".repeat(32);
const client = (retry?: ConstructorParameters<typeof CauriClient>[0]["retry"]) => new CauriClient({ apiKey: key, baseUrl, retry: retry ?? { baseDelayMs: 10 } });
const payment = { amount: 5000, payment_method: "OPERATOR_MONEY" as const, customer_phone: "+22370000001", return_url: "https://shop.example/merci" };
const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
const fail = (status: number, code: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) => ({ status, body: { success: false, error: { code, message: `${code} happened`, ...extra } }, headers });

describe("idempotency keys", () => {
  it("adds a UUID X-Idempotency-Key to an operation that takes one, and reuses it on retry after Retry-After", async () => {
    script = [fail(429, "RATE_LIMIT_EXCEEDED", {}, { "retry-after": "1" }), ok({ id: "txn_1" }, 201)];
    const started = Date.now();
    const created = await client().payments.create(payment);
    expect(created).toEqual({ id: "txn_1" });
    expect(seen).toHaveLength(2);
    const keys = seen.map((s) => s.headers["x-idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(seen[0].headers.authorization).toBe(`Bearer ${key}`);
    expect(JSON.parse(seen[0].body)).toEqual(payment);
  });

  it("lets a caller-supplied key win, and reuses it across 5xx retries", async () => {
    script = [fail(503, "SERVICE_UNAVAILABLE", {}, { "retry-after": "0" }), fail(502, "PROVIDER_ERROR"), ok({ id: "txn_2" }, 201)];
    await client().payments.create(payment, { idempotencyKey: "order-1042" });
    expect(seen.map((s) => s.headers["x-idempotency-key"])).toEqual(["order-1042", "order-1042", "order-1042"]);
  });

  it("gives two calls two different keys", async () => {
    script = [ok({}, 201), ok({}, 201)];
    await client().payments.create(payment);
    await client().payments.create(payment);
    expect(seen[0].headers["x-idempotency-key"]).not.toBe(seen[1].headers["x-idempotency-key"]);
  });

  it("adds the key on raw api calls to idempotent operations, and only there", async () => {
    const c = client();
    script = [ok({}, 201), ok({ outcome: 1 })];
    await c.unwrap(c.api.POST("/v1/billing/plans", { body: { name: "Gold", amount: 5000, interval: "MONTHLY" } }));
    await c.unwrap(c.api.POST("/v1/sandbox/payments/{id}/simulate", { params: { path: { id: "txn_1" } }, body: { outcome: "SUCCESS" } }));
    expect(seen[0].url).toBe("/v1/billing/plans");
    expect(seen[0].headers["x-idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].headers["x-idempotency-key"]).toBeUndefined();
  });
});

describe("retries", () => {
  it("is bounded: after maxRetries it throws the last answer as a CauriError", async () => {
    script = Array.from({ length: 10 }, () => fail(503, "SERVICE_UNAVAILABLE", {}, { "retry-after": "0" }));
    const error = await client({ maxRetries: 2, baseDelayMs: 1 }).payments.list().catch((e) => e);
    expect(error).toBeInstanceOf(CauriError);
    expect(error).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", requestId: "req_3" });
    expect(seen).toHaveLength(3);
  });

  it("stops when Retry-After exceeds the waiting budget", async () => {
    script = [fail(429, "RATE_LIMIT_EXCEEDED", {}, { "retry-after": "60" })];
    const error = await client({ maxRetryWaitMs: 5_000 }).payments.list().catch((e) => e);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMIT_EXCEEDED" });
    expect(seen).toHaveLength(1);
  });

  it("never repeats a request that could do its work twice (a POST without idempotency key) on 5xx", async () => {
    script = [fail(500, "INTERNAL_ERROR"), ok({})];
    const error = await client().sandbox.simulatePayment("txn_1", "SUCCESS").catch((e) => e);
    expect(error).toMatchObject({ status: 500, code: "INTERNAL_ERROR" });
    expect(seen).toHaveLength(1);
  });

  it("retries a 429 on any request, since a rate-limited request did nothing", async () => {
    script = [fail(429, "RATE_LIMIT_EXCEEDED", {}, { "retry-after": "0" }), ok({ id: "txn_1", status: "SUCCESS" })];
    await client().sandbox.simulatePayment("txn_1", "SUCCESS");
    expect(seen).toHaveLength(2);
  });

  it("retries reads after a dropped connection, with backoff", async () => {
    script = ["drop", "drop", ok({ payments: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } })];
    const list = await client().payments.list({ page: 1 });
    expect(list).toMatchObject({ payments: [] });
    expect(seen).toHaveLength(3);
    expect(seen[2].url).toBe("/v1/payments?page=1");
  });

  it("retries IDEMPOTENCY_IN_PROGRESS with the same key, and not other conflicts", async () => {
    script = [fail(409, "IDEMPOTENCY_IN_PROGRESS"), ok({ id: "wd" }, 201)];
    await client().withdrawals.create({ amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" });
    expect(seen).toHaveLength(2);
    expect(seen[1].headers["x-idempotency-key"]).toBe(seen[0].headers["x-idempotency-key"]);

    seen = [];
    script = [fail(409, "DUPLICATE_PAYMENT")];
    await expect(client().payments.create(payment)).rejects.toMatchObject({ code: "DUPLICATE_PAYMENT" });
    expect(seen).toHaveLength(1);
  });

  it("can be turned off", async () => {
    script = [fail(503, "SERVICE_UNAVAILABLE")];
    await expect(client(false).payments.list()).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });

  it("reports a dead server as NETWORK_ERROR once retries are spent", async () => {
    const dead = new CauriClient({ apiKey: key, baseUrl: "http://127.0.0.1:9", retry: { maxRetries: 1, baseDelayMs: 1 } });
    await expect(dead.payments.list()).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });
});

describe("typed errors and right-by-construction calls", () => {
  it("throws CauriError with status, code, message, param and request id", async () => {
    script = [fail(400, "INVALID_AMOUNT", { param: "amount" })];
    const error = await client().payments.create({ ...payment, amount: 99 }).catch((e) => e);
    expect(error).toBeInstanceOf(CauriError);
    expect(error).toMatchObject({ name: "CauriError", status: 400, code: "INVALID_AMOUNT", message: "INVALID_AMOUNT happened", param: "amount", requestId: "req_1" });
  });

  it("sends withdrawals with provider, phone_number and an idempotency key", async () => {
    script = [ok({ id: "wd" }, 201)];
    await client().withdrawals.create({ amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210", notes: "weekly" });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/v1/withdrawals" });
    expect(JSON.parse(seen[0].body)).toEqual({ amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210", notes: "weekly" });
    expect(seen[0].headers["x-idempotency-key"]).toBeTruthy();
  });

  it("reads and creates billing plans under /v1/billing/plans", async () => {
    script = [ok([]), ok({ id: "plan_1" }, 201)];
    await client().billing.plans.list();
    await client().billing.plans.create({ name: "Gold", amount: 5000, interval: "MONTHLY" });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["GET /v1/billing/plans", "POST /v1/billing/plans"]);
  });

  it("refuses a key that is not a secret key", () => {
    expect(() => new CauriClient({ apiKey: "pk_test_1", baseUrl })).toThrow(/secret key/);
  });
});
