import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { apiRequestLog } from "@/db/schema";
import { GET as getPayment } from "./payments/[id]/route";
import { GET as listPayments } from "./payments/route";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { flushRequestLog, recentRequests, recordApiRequest } from "@/lib/request-log/store";
import { jobById } from "@/lib/jobs/registry";

const scope = (m: Awaited<ReturnType<typeof newMerchant>>, mode: "test" | "live" = "test") => ({
  db: db(),
  application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: new Date() },
  mode,
});

describe("request log", () => {
  it("keeps each /v1 call made with a key: method, path without query string, status, latency; per application and mode", async () => {
    const m = await newLiveMerchant();
    const other = await newMerchant();
    expect((await call(listPayments, "GET", "/v1/payments?limit=5&status=success", { key: m.testKey })).status).toBe(200);
    expect((await call(getPayment, "GET", "/v1/payments/txn_missing", { key: m.testKey, params: { id: "txn_missing" } })).status).toBe(404);
    expect((await call(listPayments, "GET", "/v1/payments", { key: m.liveKey })).status).toBe(200);
    expect((await call(listPayments, "GET", "/v1/payments", { key: other.testKey })).status).toBe(200);
    // Without a key there is no application to file the call under.
    expect((await call(listPayments, "GET", "/v1/payments")).status).toBe(401);
    await flushRequestLog(db());

    const test = await recentRequests(scope(m), { limit: 10 });
    expect(test.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", "/v1/payments/txn_missing", 404],
      ["GET", "/v1/payments", 200],
    ]);
    expect(test[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(test[0]!.request_id).toMatch(/.+/);
    expect((await recentRequests(scope(m), { limit: 10, status: "4xx" })).map((r) => r.status)).toEqual([404]);
    expect((await recentRequests(scope(m), { limit: 10, status: "2xx" })).map((r) => r.status)).toEqual([200]);
    expect(await recentRequests(scope(m), { limit: 10, status: "5xx" })).toEqual([]);
    expect((await recentRequests(scope(m, "live"), { limit: 10 })).map((r) => r.status)).toEqual([200]);
    expect(await recentRequests(scope(m), { limit: 1 })).toHaveLength(1);
    expect((await recentRequests(scope(other), { limit: 10 })).map((r) => r.path)).toEqual(["/v1/payments"]);
  });

  it("keeps the bodies of the first 200 waiting entries only, so a database outage cannot fill memory with them", async () => {
    const m = await newMerchant();
    const row = { merchantId: m.merchant.id, applicationId: m.applicationId, mode: "test" as const, method: "POST", path: "/v1/payments", status: 201, durationMs: 3, requestId: "r", createdAt: new Date() };
    for (let i = 0; i < 201; i++) recordApiRequest({ ...row, requestId: `r${i}`, requestBody: { amount: i }, responseBody: { success: true } });
    await flushRequestLog(db());
    const rows = await db().select({ requestId: apiRequestLog.requestId, body: apiRequestLog.requestBody }).from(apiRequestLog).where(sql`${apiRequestLog.applicationId} = ${m.applicationId}`);
    expect(rows).toHaveLength(201);
    expect(rows.filter((r) => r.body !== null)).toHaveLength(200);
    expect(rows.find((r) => r.requestId === "r200")?.body).toBeNull();
    expect(rows.find((r) => r.requestId === "r199")?.body).toContain("199");
  });

  it("forgets what is older than 24 hours, through the retention job", async () => {
    const m = await newMerchant();
    const row = { merchantId: m.merchant.id, applicationId: m.applicationId, mode: "test" as const, method: "GET", path: "/v1/payments", status: 200, durationMs: 3, requestId: "r" };
    await db().insert(apiRequestLog).values([
      { ...row, path: "/v1/old", createdAt: sql`now() - interval '24 hours 1 second'` as unknown as Date },
      { ...row, path: "/v1/recent", createdAt: sql`now() - interval '23 hours 59 minutes'` as unknown as Date },
    ]);
    expect((await recentRequests(scope(m), { limit: 10 })).map((r) => r.path)).toEqual(["/v1/recent"]);
    expect(await jobById("request-log-retention").run(db())).toBeGreaterThanOrEqual(1);
    const left = await db().select({ path: apiRequestLog.path }).from(apiRequestLog).where(sql`${apiRequestLog.applicationId} = ${m.applicationId}`);
    expect(left.map((r) => r.path)).toEqual(["/v1/recent"]);
  });
});
