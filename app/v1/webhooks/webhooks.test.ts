import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { events, webhookDeliveries } from "@/db/schema";
import { createApplication } from "@/lib/platform/merchants";
import { issueApiKey } from "@/lib/platform/api-keys";
import { eventResource } from "@/lib/webhooks/body";
import { deliverDue, dispatchEvents } from "@/lib/webhooks/deliver";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import type { DeliveryPolicy } from "@/lib/webhooks/policy";
import { emitTestEvent, startReceiver, waitFor } from "@/lib/webhooks/test-support";
import { startWebhookWorker } from "@/lib/webhooks/worker";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { GET as eventTypes } from "../webhook-event-types/route";
import { DELETE as removeEndpoint } from "./endpoints/[id]/route";
import { POST as createEndpoint } from "./endpoints/route";
import { GET as getEvent } from "./events/[event_id]/route";
import { GET as listEvents } from "./events/route";
import { POST as retry } from "./logs/[id]/retry/route";
import { GET as getLog } from "./logs/[id]/route";
import { GET as listLogs } from "./logs/route";
import { GET as stats } from "./stats/route";
import { POST as sendTest } from "./test/route";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  closers.push(r.close);
  return r;
}

const fast: DeliveryPolicy = { schedule: [0, 0, 0], timeoutMs: 2_000, allowPrivateTargets: true };

async function endpoint(key: string, url: string, body: Record<string, unknown> = {}) {
  const res = await call(createEndpoint, "POST", "/v1/webhooks/endpoints", { key, body: { url, ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}

const logs = (key: string, query = "") => call(listLogs, "GET", `/v1/webhooks/logs${query}`, { key });
const log = (key: string, id: string) => call(getLog, "GET", `/v1/webhooks/logs/${id}`, { key, params: { id } });

describe("GET /v1/webhook-event-types", () => {
  it("lists exactly the emitted types with descriptions, never payment.cancelled, payout.* or refund.*", async () => {
    const m = await newMerchant();
    const res = await call(eventTypes, "GET", "/v1/webhook-event-types", { key: m.testKey });
    expect(res.status).toBe(200);
    const types = res.body.data.map((e: { type: string }) => e.type);
    expect(types).toEqual([
      "payment.success", "payment.failed", "payment.expired", "payment.late_success", "webhook.test",
      "secure_order.paid", "secure_order.released", "secure_order.refunded", "secure_order.disputed", "secure_order.cancelled",
      "subscription.created", "subscription.payment_due", "subscription.renewed", "subscription.payment_failed", "subscription.cancelled",
      "withdrawal.requested", "withdrawal.approved", "withdrawal.completed", "withdrawal.rejected", "withdrawal.cancelled",
      "invoice.finalized", "invoice.sent", "invoice.paid", "invoice.overdue", "invoice.voided", "report.ready",
    ]);
    expect(types).toEqual([...EVENT_TYPES]);
    for (const e of res.body.data) expect(e.description.length).toBeGreaterThan(20);
    expect(types.filter((t: string) => t === "payment.cancelled" || t.startsWith("payout.") || t.startsWith("refund."))).toEqual([]);
    expect((await call(eventTypes, "GET", "/v1/webhook-event-types", {})).status).toBe(401);
  });
});

describe("events", () => {
  it("lists the application's test events oldest first with an after cursor and limit (1..100)", async () => {
    const m = await newMerchant();
    const emitted = [];
    for (let i = 0; i < 5; i++) emitted.push(await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId }));
    const ids = emitted.map((e) => e.id);

    const latest = await call(listEvents, "GET", "/v1/webhooks/events?limit=2", { key: m.testKey });
    expect(latest.status).toBe(200);
    expect(latest.body.data.map((e: { id: string }) => e.id)).toEqual(ids.slice(3));
    expect(latest.body.has_more).toBe(true);
    expect(latest.body.data[0]).toEqual(eventResource(emitted[3]));

    const after = await call(listEvents, "GET", `/v1/webhooks/events?after=${ids[1]}&limit=2`, { key: m.testKey });
    expect(after.body.data.map((e: { id: string }) => e.id)).toEqual(ids.slice(2, 4));
    expect(after.body.has_more).toBe(true);
    const rest = await call(listEvents, "GET", `/v1/webhooks/events?after=${ids[3]}`, { key: m.testKey });
    expect(rest.body.data.map((e: { id: string }) => e.id)).toEqual([ids[4]]);
    expect(rest.body.has_more).toBe(false);
    const all = await call(listEvents, "GET", "/v1/webhooks/events?limit=100", { key: m.testKey });
    expect(all.body.data).toHaveLength(5);
    expect((await call(listEvents, "GET", "/v1/webhooks/events?limit=1", { key: m.testKey })).body.data).toHaveLength(1);

    for (const q of ["limit=0", "limit=101", "limit=abc", "after=txn_123", "after=evt_short"]) {
      const bad = await call(listEvents, "GET", `/v1/webhooks/events?${q}`, { key: m.testKey });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error).toMatchObject({ code: "INVALID_FIELD", param: q.split("=")[0] });
    }
  });

  it("refuses a live key with 403 TEST_MODE_ONLY", async () => {
    const m = await newLiveMerchant();
    const res = await call(listEvents, "GET", "/v1/webhooks/events", { key: m.liveKey });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("TEST_MODE_ONLY");
  });

  it("reads one event; another application's, another merchant's or the other mode's is EVENT_NOT_FOUND", async () => {
    const owner = await newLiveMerchant();
    const e = await emitTestEvent({ merchantId: owner.merchant.id, applicationId: owner.applicationId });
    const got = await call(getEvent, "GET", `/v1/webhooks/events/${e.id}`, { key: owner.testKey, params: { event_id: e.id } });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(eventResource(e));

    const app2 = await createApplication(db(), owner.merchant.id, "Other app");
    const sibling = await issueApiKey(db(), { merchantId: owner.merchant.id, applicationId: app2.id, mode: "test" });
    const stranger = await newMerchant();
    for (const key of [sibling.key, stranger.testKey, owner.liveKey]) {
      const res = await call(getEvent, "GET", `/v1/webhooks/events/${e.id}`, { key, params: { event_id: e.id } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("EVENT_NOT_FOUND");
    }
    // Nor in the sibling's list.
    expect((await call(listEvents, "GET", "/v1/webhooks/events", { key: sibling.key })).body.data).toEqual([]);
  });
});

describe("delivery logs", () => {
  it("lists deliveries newest first with pagination and filters, and shows one with every attempt", async () => {
    const r = await receiver((n) => (n === 1 ? { status: 500, body: "oops" } : { status: 200, body: "ok" }));
    const failing = await receiver(() => ({ status: 410, body: "gone" }));
    const m = await newMerchant();
    const main = await endpoint(m.testKey, r.url);
    const other = await endpoint(m.testKey, failing.url, { enabled_events: ["payment.failed"] });
    const success = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });
    const failed = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.failed" });
    while ((await deliverDue(db(), { merchantId: m.merchant.id, policy: fast })).length);

    const all = await logs(m.testKey);
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });
    expect(all.body.data.map((l: { event_id: string }) => l.event_id)).toEqual([failed.id, failed.id, success.id]);

    const byStatus = await logs(m.testKey, "?status=FAILED");
    expect(byStatus.body.data).toHaveLength(1);
    expect(byStatus.body.data[0]).toMatchObject({ endpoint_id: other.id, status: "FAILED", response_status: 410, response_excerpt: "gone", error: "HTTP 410", attempt_count: 3, next_attempt_at: null });
    expect((await logs(m.testKey, "?event_type=payment.success")).body.data.map((l: { event_id: string }) => l.event_id)).toEqual([success.id]);
    expect((await logs(m.testKey, `?endpoint_id=${main.id}`)).body.data).toHaveLength(2);
    expect((await logs(m.testKey, `?application_id=${m.applicationId}&status=SUCCESS`)).body.data).toHaveLength(2);
    const paged = await logs(m.testKey, "?limit=2&page=2");
    expect(paged.body.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
    expect(paged.body.data).toHaveLength(1);

    const first = (await logs(m.testKey, `?event_type=payment.success`)).body.data[0];
    const detail = await log(m.testKey, first.id);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: first.id, status: "SUCCESS", event_type: "payment.success", url: r.url, attempt_count: 2, response_status: 200, livemode: false });
    expect(detail.body.data.event).toEqual(eventResource(success));
    expect(detail.body.data.attempts).toEqual([
      { id: expect.stringMatching(/^wha_/), number: 1, trigger: "automatic", status: "FAILED", url: r.url, response_status: 500, response_excerpt: "oops", error: "HTTP 500", duration_ms: expect.any(Number), created_at: expect.any(String) },
      { id: expect.stringMatching(/^wha_/), number: 2, trigger: "automatic", status: "SUCCESS", url: r.url, response_status: 200, response_excerpt: "ok", error: null, duration_ms: expect.any(Number), created_at: expect.any(String) },
    ]);
  });

  it("validates the query: page ≥ 1, limit 1..100, known status and event type", async () => {
    const m = await newMerchant();
    expect((await logs(m.testKey, "?limit=100&page=1")).status).toBe(200);
    for (const [q, code, param] of [
      ["?limit=0", "INVALID_FIELD", "limit"],
      ["?limit=101", "INVALID_FIELD", "limit"],
      ["?page=0", "INVALID_FIELD", "page"],
      ["?status=DONE", "INVALID_FIELD", "status"],
      ["?event_type=payment.cancelled", "INVALID_EVENT_TYPE", "event_type"],
    ]) {
      const res = await logs(m.testKey, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    }
  });

  it("isolates applications: another application's delivery is WEBHOOK_LOG_NOT_FOUND and its id filter WEBHOOK_APPLICATION_NOT_FOUND", async () => {
    const r = await receiver();
    const a = await newLiveMerchant();
    await endpoint(a.testKey, r.url);
    await emitTestEvent({ merchantId: a.merchant.id, applicationId: a.applicationId });
    await deliverDue(db(), { merchantId: a.merchant.id, policy: fast });
    const [delivery] = (await logs(a.testKey)).body.data;

    const app2 = await createApplication(db(), a.merchant.id, "Other app");
    const b = await issueApiKey(db(), { merchantId: a.merchant.id, applicationId: app2.id, mode: "test" });
    const stranger = await newMerchant();
    for (const key of [b.key, stranger.testKey, a.liveKey]) {
      const res = await log(key, delivery.id);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("WEBHOOK_LOG_NOT_FOUND");
      expect((await logs(key)).body.data).toEqual([]);
      const again = await call(retry, "POST", `/v1/webhooks/logs/${delivery.id}/retry`, { key, params: { id: delivery.id } });
      expect(again.body.error.code).toBe("WEBHOOK_LOG_NOT_FOUND");
    }
    expect(r.received).toHaveLength(1);
    const filtered = await logs(b.key, `?application_id=${a.applicationId}`);
    expect(filtered.status).toBe(404);
    expect(filtered.body.error).toMatchObject({ code: "WEBHOOK_APPLICATION_NOT_FOUND", param: "application_id" });
    const statsOther = await call(stats, "GET", `/v1/webhooks/stats?application_id=${a.applicationId}`, { key: b.key });
    expect(statsOther.body.error.code).toBe("WEBHOOK_APPLICATION_NOT_FOUND");
  });

  it("re-sends a delivery now whatever its status, recording a manual attempt with the same webhook-id", async () => {
    let answer = 500;
    const r = await receiver(() => ({ status: answer, body: `answer ${answer}` }));
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, r.url);
    const e = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    while ((await deliverDue(db(), { merchantId: m.merchant.id, policy: fast })).length);
    const [delivery] = (await logs(m.testKey)).body.data;
    expect(delivery).toMatchObject({ status: "FAILED", attempt_count: 3 });

    // FAILED → a manual attempt that fails: still FAILED, attempt logged.
    const failedAgain = await call(retry, "POST", `/v1/webhooks/logs/${delivery.id}/retry`, { key: m.testKey, params: { id: delivery.id } });
    expect(failedAgain.status).toBe(200);
    expect(failedAgain.body.data).toMatchObject({ status: "FAILED", attempt_count: 4 });
    expect(failedAgain.body.data.attempts[3]).toMatchObject({ number: 4, trigger: "manual", status: "FAILED", response_status: 500 });

    // The receiver is fixed: the re-send succeeds.
    answer = 200;
    const fixed = await call(retry, "POST", `/v1/webhooks/logs/${delivery.id}/retry`, { key: m.testKey, params: { id: delivery.id } });
    expect(fixed.body.data).toMatchObject({ status: "SUCCESS", attempt_count: 5, response_status: 200, response_excerpt: "answer 200", delivered_at: expect.any(String) });
    // SUCCESS → sends again on request (and stays SUCCESS).
    const once = await call(retry, "POST", `/v1/webhooks/logs/${delivery.id}/retry`, { key: m.testKey, params: { id: delivery.id } });
    expect(once.body.data).toMatchObject({ status: "SUCCESS", attempt_count: 6 });
    expect(once.body.data.attempts.map((a: { trigger: string }) => a.trigger)).toEqual(["automatic", "automatic", "automatic", "manual", "manual", "manual"]);
    expect(r.received).toHaveLength(6);
    expect(new Set(r.received.map((x) => x.headers["webhook-id"]))).toEqual(new Set([e.id]));
    for (const x of r.received) expect(() => new Webhook(ep.secret).verify(x.body, x.headers)).not.toThrow();

    // Once the endpoint is deleted, it cannot be re-sent.
    await call(removeEndpoint, "DELETE", `/v1/webhooks/endpoints/${ep.id}`, { key: m.testKey, params: { id: ep.id } });
    const gone = await call(retry, "POST", `/v1/webhooks/logs/${delivery.id}/retry`, { key: m.testKey, params: { id: delivery.id } });
    expect(gone.status).toBe(409);
    expect(gone.body.error.code).toBe("WEBHOOK_ENDPOINT_DELETED");
    expect(r.received).toHaveLength(6);
    // Its log stays readable.
    expect((await log(m.testKey, delivery.id)).body.data.attempt_count).toBe(6);
  });

  it("a manual re-send of a PENDING delivery that fails leaves its automatic schedule as it was", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const m = await newMerchant();
    await endpoint(m.testKey, r.url);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: { ...fast, schedule: [0, 3_600_000, 0] } });
    const [before] = (await logs(m.testKey)).body.data;
    expect(before.status).toBe("PENDING");
    const res = await call(retry, "POST", `/v1/webhooks/logs/${before.id}/retry`, { key: m.testKey, params: { id: before.id } });
    expect(res.body.data).toMatchObject({ status: "PENDING", attempt_count: 2, next_attempt_at: before.next_attempt_at });
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, before.id));
    expect(row.autoAttempts).toBe(1);
  });
});

describe("GET /v1/webhooks/stats", () => {
  it("counts by status over 24 hours and 7 days, with the success rate and latency percentiles", async () => {
    const ok = await receiver(() => ({ delayMs: 20 }));
    const bad = await receiver(() => ({ status: 500 }));
    const m = await newMerchant();
    await endpoint(m.testKey, ok.url);
    const failing = await endpoint(m.testKey, bad.url, { enabled_events: ["payment.failed"] });
    for (let i = 0; i < 3; i++) await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.failed" });
    while ((await deliverDue(db(), { merchantId: m.merchant.id, policy: fast })).length);
    // The failure happened 2 days ago; one more delivery is still pending; an old one (8 days) neither window counts.
    await db().update(webhookDeliveries).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(webhookDeliveries.endpointId, failing.id));
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.expired" });
    const old = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });
    await dispatchEvents(db(), { merchantId: m.merchant.id });
    await db().update(webhookDeliveries).set({ createdAt: sql`now() - interval '8 days'` }).where(eq(webhookDeliveries.eventId, old.id));

    const res = await call(stats, "GET", `/v1/webhooks/stats?application_id=${m.applicationId}`, { key: m.testKey });
    expect(res.status).toBe(200);
    const { last_24h: day, last_7d: week } = res.body.data;
    expect(res.body.data).toMatchObject({ application_id: m.applicationId, livemode: false });
    expect(day).toMatchObject({ total: 5, success: 4, failed: 0, pending: 1, success_rate: 1 });
    expect(week).toMatchObject({ total: 6, success: 4, failed: 1, pending: 1, success_rate: 0.8 });
    expect(day.attempts).toBe(4);
    expect(week.attempts).toBe(4 + 3);
    expect(day.latency_ms.p50).toBeGreaterThan(0);
    expect(day.latency_ms.p95).toBeGreaterThanOrEqual(day.latency_ms.p50);
    expect(day.response_time_ms.p50).toBeGreaterThanOrEqual(15);
    expect(day.response_time_ms.p95).toBeGreaterThanOrEqual(day.response_time_ms.p50);

    const empty = await newMerchant();
    const none = await call(stats, "GET", "/v1/webhooks/stats", { key: empty.testKey });
    expect(none.body.data.last_7d).toEqual({ total: 0, pending: 0, success: 0, failed: 0, success_rate: null, attempts: 0, latency_ms: { p50: null, p95: null }, response_time_ms: { p50: null, p95: null } });
  });
});

describe("POST /v1/webhooks/test", () => {
  it("sends a signed webhook.test to every enabled endpoint and answers the delivery ids", async () => {
    const a = await receiver();
    const b = await receiver();
    const off = await receiver();
    const m = await newMerchant();
    const epA = await endpoint(m.testKey, a.url);
    const epB = await endpoint(m.testKey, b.url, { enabled_events: ["payment.failed"] });
    await endpoint(m.testKey, off.url, { enabled: false });
    const w = startWebhookWorker(db, { policy: fast });
    closers.push(w.stop);

    const res = await call(sendTest, "POST", "/v1/webhooks/test", { key: m.testKey, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      event_id: expect.stringMatching(/^evt_/),
      type: "webhook.test",
      deliveries: expect.arrayContaining([
        { id: expect.stringMatching(/^whd_/), endpoint_id: epA.id, url: a.url },
        { id: expect.stringMatching(/^whd_/), endpoint_id: epB.id, url: b.url },
      ]),
    });
    expect(res.body.data.deliveries).toHaveLength(2);
    const got = await waitFor(() => a.received[0], 3_000);
    await waitFor(() => b.received[0], 3_000);
    const body = new Webhook(epA.secret).verify(got.body, got.headers) as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe("webhook.test");
    expect(body.data).toMatchObject({ object: "webhook_test", requested_event: null });
    expect(got.headers["webhook-id"]).toBe(res.body.data.event_id);
    expect(() => new Webhook(epB.secret).verify(b.received[0].body, b.received[0].headers)).not.toThrow();
    expect(off.received).toHaveLength(0);
    const [row] = await db().select().from(events).where(eq(events.id, res.body.data.event_id));
    expect(row.dispatchedAt).not.toBeNull();
    // Exactly one delivery per endpoint: the outbox fan-out does not send it again. An absence needs
    // a window; the worker is woken by the commit, so a second fan-out would land well within 300 ms.
    await new Promise((r) => setTimeout(r, 300));
    expect(a.received).toHaveLength(1);
    expect(b.received).toHaveLength(1);
  });

  it("with `event`, targets the endpoints that receive that type; no such endpoint is NO_WEBHOOK_ENDPOINTS", async () => {
    const m = await newMerchant();
    const none = await call(sendTest, "POST", "/v1/webhooks/test", { key: m.testKey, body: {} });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("NO_WEBHOOK_ENDPOINTS");
    const ep = await endpoint(m.testKey, "https://hooks.example.ml/", { enabled_events: ["payment.failed"] });
    const targeted = await call(sendTest, "POST", "/v1/webhooks/test", { key: m.testKey, body: { event: "payment.failed" } });
    expect(targeted.body.data.deliveries.map((d: { endpoint_id: string }) => d.endpoint_id)).toEqual([ep.id]);
    const event = await call(getEvent, "GET", `/v1/webhooks/events/${targeted.body.data.event_id}`, { key: m.testKey, params: { event_id: targeted.body.data.event_id } });
    expect(event.body.data.data).toMatchObject({ requested_event: "payment.failed" });
    const miss = await call(sendTest, "POST", "/v1/webhooks/test", { key: m.testKey, body: { event: "payment.success" } });
    expect(miss.body.error.code).toBe("NO_WEBHOOK_ENDPOINTS");
    const bad = await call(sendTest, "POST", "/v1/webhooks/test", { key: m.testKey, body: { event: "payment.cancelled" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "INVALID_EVENT_TYPE", param: "event" });
  });

  it("allows 5 per minute per key; the 6th is 429 RATE_LIMIT_EXCEEDED", async () => {
    const m = await newMerchant();
    await endpoint(m.testKey, "https://hooks.example.ml/");
    const results = await Promise.all(Array.from({ length: 6 }, () => call(sendTest, "POST", "/v1/webhooks/test", { key: m.testKey, body: {} })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(limited.headers.get("retry-after")).not.toBeNull();
  });
});
