import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { apiRequestLog } from "@/db/schema";
import { createApplication } from "@/lib/platform/merchants";
import { issueApiKey } from "@/lib/platform/api-keys";
import { flushRequestLog } from "@/lib/request-log/store";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { GET as getPayment } from "../payments/[id]/route";
import { GET as listPayments, POST as createPayment } from "../payments/route";
import { GET as getEntry, POST as postEntry } from "./[id]/route";
import { GET as list, POST as postList } from "./route";

type Entry = { id: string; object: string; method: string; path: string; status: number; duration_ms: number; request_id: string; created_at: string };

const tail = (key: string, query = "") => call(list, "GET", `/v1/request-logs${query}`, { key });
const entries = (res: Awaited<ReturnType<typeof tail>>) => res.body.data as Entry[];
const lines = (res: Awaited<ReturnType<typeof tail>>) => entries(res).map((e) => `${e.method} ${e.path} ${e.status}`);

/** Entries written directly, in this order (ids follow insertion). */
async function logged(m: Awaited<ReturnType<typeof newMerchant>>, rows: { path: string; status: number; method?: string }[], mode: "test" | "live" = "test") {
  for (const r of rows) {
    await db().insert(apiRequestLog).values({ merchantId: m.merchant.id, applicationId: m.applicationId, mode, method: r.method ?? "GET", path: r.path, status: r.status, durationMs: 4, requestId: `req_${r.path}`, createdAt: new Date() });
  }
}

describe("GET /v1/request-logs", () => {
  it("lists real requests newest first with their fields; a key reads its own application and mode only", async () => {
    const m = await newLiveMerchant();
    expect((await call(listPayments, "GET", "/v1/payments?limit=5", { key: m.testKey })).status).toBe(200);
    expect((await call(getPayment, "GET", "/v1/payments/txn_missing", { key: m.testKey, params: { id: "txn_missing" } })).status).toBe(404);
    expect((await call(listPayments, "GET", "/v1/payments", { key: m.liveKey })).status).toBe(200);
    await flushRequestLog(db());

    const res = await tail(m.testKey);
    expect(res.status).toBe(200);
    expect(lines(res)).toEqual(["GET /v1/payments/txn_missing 404", "GET /v1/payments 200"]);
    expect(res.body.has_more).toBe(false);
    expect(entries(res)[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      object: "request_log",
      method: "GET",
      path: "/v1/payments/txn_missing",
      status: 404,
      duration_ms: expect.any(Number),
      request_id: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
    });
    // A live key reads the live log.
    expect(lines(await tail(m.liveKey))).toEqual(["GET /v1/payments 200"]);

    const app2 = await createApplication(db(), m.merchant.id, "Other app");
    const sibling = await issueApiKey(db(), { merchantId: m.merchant.id, applicationId: app2.id, mode: "test" });
    const stranger = await newMerchant();
    for (const key of [sibling.key, stranger.testKey]) {
      expect(entries(await tail(key))).toEqual([]);
      const id = entries(res)[0].id;
      const other = await call(getEntry, "GET", `/v1/request-logs/${id}`, { key, params: { id } });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe("REQUEST_LOG_ENTRY_NOT_FOUND");
    }
  });

  it("follows the log with after: later entries only, oldest first, limit and has_more", async () => {
    const m = await newMerchant();
    await logged(m, [1, 2, 3, 4, 5].map((i) => ({ path: `/v1/p${i}`, status: 200 })));
    const newest = await tail(m.testKey, "?limit=2");
    expect(lines(newest)).toEqual(["GET /v1/p5 200", "GET /v1/p4 200"]);
    expect(newest.body.has_more).toBe(true);
    const all = entries(await tail(m.testKey));
    const ids = all.map((e) => e.id).reverse();

    const after = await tail(m.testKey, `?after=${ids[0]}&limit=2`);
    expect(lines(after)).toEqual(["GET /v1/p2 200", "GET /v1/p3 200"]);
    expect(after.body.has_more).toBe(true);
    const next = await tail(m.testKey, `?after=${entries(after)[1].id}&limit=2`);
    expect(lines(next)).toEqual(["GET /v1/p4 200", "GET /v1/p5 200"]);
    expect(next.body.has_more).toBe(false);
    const caughtUp = await tail(m.testKey, `?after=${ids[4]}`);
    expect(entries(caughtUp)).toEqual([]);
    expect(caughtUp.body.has_more).toBe(false);

    // A poller sees what is written after its cursor, and nothing twice.
    await logged(m, [{ path: "/v1/p6", status: 201 }]);
    expect(lines(await tail(m.testKey, `?after=${ids[4]}`))).toEqual(["GET /v1/p6 201"]);
    // Another application's newer entries never show in the tail.
    const stranger = await newMerchant();
    await logged(stranger, [{ path: "/v1/p7", status: 200 }]);
    expect(lines(await tail(m.testKey, `?after=${ids[4]}`))).toEqual(["GET /v1/p6 201"]);
  });

  it("filters by status class or exact status and by path prefix, with after too; limit is 1..200", async () => {
    const m = await newMerchant();
    await logged(m, [
      { path: "/v1/payments", status: 201, method: "POST" },
      { path: "/v1/payments/txn_1", status: 404 },
      { path: "/v1/invoices", status: 400, method: "POST" },
      { path: "/v1/payments_x", status: 500 },
      { path: "/v1/payments", status: 200 },
    ]);
    expect(lines(await tail(m.testKey, "?status=4xx"))).toEqual(["POST /v1/invoices 400", "GET /v1/payments/txn_1 404"]);
    expect(lines(await tail(m.testKey, "?status=404"))).toEqual(["GET /v1/payments/txn_1 404"]);
    expect(lines(await tail(m.testKey, "?status=5xx"))).toEqual(["GET /v1/payments_x 500"]);
    expect(lines(await tail(m.testKey, "?path=/v1/payments/"))).toEqual(["GET /v1/payments/txn_1 404"]);
    expect(lines(await tail(m.testKey, "?path=/v1/payments&status=2xx"))).toEqual(["GET /v1/payments 200", "POST /v1/payments 201"]);
    const first = entries(await tail(m.testKey)).at(-1)!;
    expect(lines(await tail(m.testKey, `?after=${first.id}&path=/v1/payments`))).toEqual(["GET /v1/payments/txn_1 404", "GET /v1/payments_x 500", "GET /v1/payments 200"]);
    expect(entries(await tail(m.testKey, "?limit=1"))).toHaveLength(1);
    expect((await tail(m.testKey, "?limit=200")).status).toBe(200);

    for (const [q, code, param] of [
      ["?status=3xx", "INVALID_STATUS_FILTER", "status"],
      ["?status=abc", "INVALID_STATUS_FILTER", "status"],
      ["?limit=0", "INVALID_FIELD", "limit"],
      ["?limit=201", "INVALID_FIELD", "limit"],
      ["?after=abc", "INVALID_FIELD", "after"],
      ["?after=-1", "INVALID_FIELD", "after"],
      ["?path=v1", "INVALID_FIELD", "path"],
    ]) {
      const res = await tail(m.testKey, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toMatchObject({ code, param });
    }
    expect((await call(list, "GET", "/v1/request-logs")).status).toBe(401);
    expect((await call(postList, "POST", "/v1/request-logs", { key: m.testKey })).status).toBe(405);
  });

  it("does not log its own requests, so a tail never shows itself", async () => {
    const m = await newMerchant();
    expect((await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: {} })).status).toBe(400);
    await flushRequestLog(db());
    const [entry] = entries(await tail(m.testKey));
    for (let i = 0; i < 3; i++) await tail(m.testKey, `?after=${entry.id}`);
    await call(getEntry, "GET", `/v1/request-logs/${entry.id}`, { key: m.testKey, params: { id: entry.id } });
    await tail(m.testKey, "?status=abc");
    await flushRequestLog(db());
    const rows = await db().select({ path: apiRequestLog.path }).from(apiRequestLog).where(eq(apiRequestLog.applicationId, m.applicationId));
    expect(rows.map((r) => r.path)).toEqual(["/v1/payments"]);
  });

  it("GET /v1/request-logs/{id}: one entry with its masked bodies; unknown, malformed or older than 24 hours is REQUEST_LOG_ENTRY_NOT_FOUND", async () => {
    const m = await newMerchant();
    const body = { amount: 1500, customer_phone: "+22370123456", note: `key ${m.testKey}` };
    expect((await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body, idempotencyKey: "detail-1" })).status).toBe(400);
    await flushRequestLog(db());
    const [summary] = entries(await tail(m.testKey));
    const res = await call(getEntry, "GET", `/v1/request-logs/${summary.id}`, { key: m.testKey, params: { id: summary.id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...summary, request_body: expect.stringContaining("1500"), response_body: expect.stringContaining("success") });
    expect(res.body.data.request_body).not.toContain(m.testKey);
    expect(res.body.data.request_body).not.toContain("70123456");

    await db().update(apiRequestLog).set({ createdAt: sql`now() - interval '25 hours'` as unknown as Date }).where(eq(apiRequestLog.id, Number(summary.id)));
    for (const id of [summary.id, "999999999999", "abc"]) {
      const gone = await call(getEntry, "GET", `/v1/request-logs/${id}`, { key: m.testKey, params: { id } });
      expect(gone.status, id).toBe(404);
      expect(gone.body.error.code).toBe("REQUEST_LOG_ENTRY_NOT_FOUND");
    }
    expect((await call(postEntry, "POST", `/v1/request-logs/${summary.id}`, { key: m.testKey, params: { id: summary.id } })).status).toBe(405);
  });
});
