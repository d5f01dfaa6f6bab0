import { and, asc, count, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { events, webhookAttempts, webhookDeliveries } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { createApplication } from "@/lib/platform/merchants";
import { claimDue, deliverDue, dispatchEvents } from "./deliver";
import { deleteEndpoint, rollEndpointSecret, updateEndpoint } from "./endpoints";
import { RETRY_SCHEDULE_MS, type DeliveryPolicy } from "./policy";
import { deliveryRow, emitTestEvent, endpointFor, merchantContext, startReceiver, waitFor } from "./test-support";
import { startWebhookWorker, type WebhookWorker } from "./worker";

const fast = (over: Partial<DeliveryPolicy> = {}): DeliveryPolicy => ({
  schedule: [0, 50, 50, 50, 50, 50, 50, 50],
  timeoutMs: 2_000,
  allowPrivateTargets: true,
  ...over,
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  cleanups.push(r.close);
  return r;
}

function worker(policy: DeliveryPolicy, options: { pollMs?: number; concurrency?: number } = {}): WebhookWorker {
  const w = startWebhookWorker(db, { policy, ...options });
  cleanups.push(w.stop);
  return w;
}

const deliveriesOf = (eventId: string) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
const attemptsOf = (deliveryId: string) => db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.number));

describe("delivery", () => {
  it("delivers a committed event within a second, signed per Standard Webhooks (verified by the standardwebhooks package)", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    worker(fast(), { pollMs: 5_000 });

    const committedAt = Date.now();
    const payload = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const got = await waitFor(() => r.received[0], 3_000);
    expect(got.at - committedAt).toBeLessThan(1_000);

    // The package, unmodified, with the secret shown at creation.
    const verified = new Webhook(endpoint.secret).verify(got.body, got.headers) as Record<string, unknown>;
    // `data` is the stored object, with the fields payment events gained since (lib/events/current-fields.ts).
    expect(verified).toEqual({ id: payload.id, type: "payment.success", event: "payment.success", version: "v1", timestamp: payload.timestamp, livemode: false, data: { ...payload.data.object, reference_id: payload.data.object.id } });
    expect(got.headers["webhook-id"]).toBe(payload.id);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(Math.abs(Number(got.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(5);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(endpoint.secret).verify(got.body.replace("1500", "9999"), got.headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(got.body, got.headers)).toThrow();

    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(payload.id);
      return rows[0]?.status === "SUCCESS" && rows;
    });
    expect(delivery).toMatchObject({ status: "SUCCESS", attemptCount: 1, lastStatusCode: 200, lastResponseExcerpt: "ok", nextAttemptAt: null });
    const [attempt] = await attemptsOf(delivery.id);
    expect(attempt).toMatchObject({ number: 1, trigger: "automatic", status: "SUCCESS", statusCode: 200, error: null, responseExcerpt: "ok", url: r.url });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    const [event] = await db().select().from(events).where(eq(events.id, payload.id));
    expect(event.dispatchedAt).not.toBeNull();
  });

  it("a receiver answering 500 twice then 200 ends SUCCESS after 3 attempts, all logged with the same webhook-id and body", async () => {
    const r = await receiver((n) => (n <= 2 ? { status: 500, body: `down ${n}` } : { status: 200, body: "thanks" }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    worker(fast());
    const payload = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });

    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(payload.id);
      return rows[0]?.status === "SUCCESS" && rows;
    });
    expect(delivery.attemptCount).toBe(3);
    expect(delivery.autoAttempts).toBe(3);
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((a) => [a.number, a.status, a.statusCode, a.responseExcerpt, a.error])).toEqual([
      [1, "FAILED", 500, "down 1", "HTTP 500"],
      [2, "FAILED", 500, "down 2", "HTTP 500"],
      [3, "SUCCESS", 200, "thanks", null],
    ]);
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => x.headers["webhook-id"]))).toEqual(new Set([payload.id]));
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
  });

  it("marks a delivery FAILED after the last attempt of the schedule, every attempt logged", async () => {
    const r = await receiver(() => ({ status: 503, body: "no" }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const policy = fast({ schedule: [0, 20, 20, 20] });
    worker(policy);
    const payload = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(payload.id);
      return rows[0]?.status === "FAILED" && rows;
    });
    expect(delivery).toMatchObject({ attemptCount: 4, autoAttempts: 4, nextAttemptAt: null, lastStatusCode: 503 });
    expect((await attemptsOf(delivery.id)).map((a) => a.status)).toEqual(["FAILED", "FAILED", "FAILED", "FAILED"]);
    // Nothing more is sent once FAILED. Proving an absence needs a window: ten times the schedule's 20 ms step.
    await new Promise((res) => setTimeout(res, 200));
    expect(r.received).toHaveLength(4);
  });

  it("schedules the next attempt per the published schedule (5 s after the first failure, then 5 min), on the merchant's clock", async () => {
    const r = await receiver((n) => (n <= 2 ? { status: 500 } : { status: 204, body: "" }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const policy = fast({ schedule: RETRY_SCHEDULE_MS });
    const payload = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });

    const before = Date.now();
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const [d1] = await deliveriesOf(payload.id);
    expect(d1).toMatchObject({ status: "PENDING", attemptCount: 1 });
    const wait1 = d1.nextAttemptAt!.getTime() - before;
    expect(wait1).toBeGreaterThan(4_000);
    expect(wait1).toBeLessThan(7_000);
    // Not due yet: nothing is sent.
    expect(await deliverDue(db(), { merchantId: m.merchant.id, policy })).toEqual([]);

    // The sandbox clock moves test-mode retries forward.
    await advanceTestClock(db(), m.merchant.id, 6);
    const [second] = await deliverDue(db(), { merchantId: m.merchant.id, policy });
    expect(second).toMatchObject({ status: "PENDING", attemptNumber: 2 });
    const [d2] = await deliveriesOf(payload.id);
    const wait2 = d2.nextAttemptAt!.getTime() - (Date.now() + 6_000);
    expect(wait2).toBeGreaterThan(5 * 60_000 - 3_000);
    expect(wait2).toBeLessThan(5 * 60_000 + 3_000);

    await advanceTestClock(db(), m.merchant.id, 301);
    const [third] = await deliverDue(db(), { merchantId: m.merchant.id, policy });
    expect(third).toMatchObject({ status: "SUCCESS", attemptNumber: 3 });
    expect(r.received).toHaveLength(3);
  });

  it("cuts a receiver that does not answer at the timeout and logs a timeout", async () => {
    const r = await receiver(() => ({ hang: true }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const started = Date.now();
    const [outcome] = await deliverDue(db(), { merchantId: m.merchant.id, policy: fast({ timeoutMs: 300 }) });
    const took = Date.now() - started;
    expect(outcome.status).toBe("PENDING");
    expect(outcome.result).toMatchObject({ ok: false, statusCode: null, error: "timed out after 300 ms" });
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(2_000);
    const [attempt] = await attemptsOf(outcome.deliveryId);
    expect(attempt).toMatchObject({ status: "FAILED", statusCode: null, error: "timed out after 300 ms" });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(290);
  });

  it("refuses a private-address target when private targets are not allowed, and logs why", async () => {
    const r = await receiver();
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const [outcome] = await deliverDue(db(), { merchantId: m.merchant.id, policy: fast({ allowPrivateTargets: false }) });
    expect(outcome.result).toMatchObject({ ok: false, statusCode: null });
    expect(outcome.result!.error).toMatch(/^target not allowed: 127\.0\.0\.1 is a loopback/);
    expect(r.received).toHaveLength(0);
    const [attempt] = await attemptsOf(outcome.deliveryId);
    expect(attempt.error).toMatch(/target not allowed/);
  });

  it("loses nothing across a restart between attempts: a new worker makes the next attempt", async () => {
    const r = await receiver((n) => (n === 1 ? { status: 500 } : { status: 200 }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const policy = fast({ schedule: [0, 400, 50, 50, 50, 50, 50, 50] });
    const first = startWebhookWorker(db, { policy, pollMs: 20 });
    const payload = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await waitFor(async () => (await deliveriesOf(payload.id))[0]?.attemptCount === 1);
    await first.stop(); // the app goes down between attempt 1 and attempt 2
    // Past the 400 ms at which attempt 2 was due: a stopped worker that still sent would show here.
    await new Promise((res) => setTimeout(res, 500));
    expect(r.received).toHaveLength(1);
    expect((await deliveriesOf(payload.id))[0].status).toBe("PENDING");

    worker(policy, { pollMs: 20 }); // the app comes back: a new worker, same database
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(payload.id);
      return rows[0]?.status === "SUCCESS" && rows;
    });
    expect(delivery.attemptCount).toBe(2);
    expect(r.received.map((x) => x.headers["webhook-id"])).toEqual([payload.id, payload.id]);
  });

  it("a worker that dies holding a claim loses nothing: the claim expires and the attempt is made once", async () => {
    const r = await receiver();
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const payload = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db());
    // A process claims the delivery, then dies before sending.
    const claims = await claimDue(db(), { merchantId: m.merchant.id, limit: 10, leaseMs: 300 });
    expect(claims).toHaveLength(1);
    expect(await claimDue(db(), { merchantId: m.merchant.id, limit: 10, leaseMs: 300 })).toEqual([]);

    worker(fast(), { pollMs: 20 });
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(payload.id);
      return rows[0]?.status === "SUCCESS" && rows;
    });
    expect(delivery.attemptCount).toBe(1);
    expect(r.received).toHaveLength(1);
  });

  it("several workers at once deliver each event exactly once", async () => {
    const r = await receiver(() => ({ delayMs: 5 }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    // The default 10 s timeout: a timed-out attempt would rightly be retried (at-least-once), which is not what this checks.
    const policy = fast({ timeoutMs: 10_000 });
    worker(policy, { pollMs: 50, concurrency: 4 });
    worker(policy, { pollMs: 50, concurrency: 4 });
    worker(policy, { pollMs: 50, concurrency: 4 });
    const emitted = await Promise.all(Array.from({ length: 30 }, () => emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId })));
    await waitFor(async () => {
      const [{ n }] = await db().select({ n: count() }).from(webhookDeliveries).where(and(eq(webhookDeliveries.merchantId, m.merchant.id), eq(webhookDeliveries.status, "SUCCESS")));
      return n === 30;
    }, 10_000);
    // A second send of an event would come after its SUCCESS was written: a short window to catch one.
    await new Promise((res) => setTimeout(res, 100));
    const ids = r.received.map((x) => x.headers["webhook-id"]).sort();
    expect(ids).toEqual(emitted.map((e) => e.id).sort());
    const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.merchantId, m.merchant.id));
    expect(rows.map((d) => d.attemptCount)).toEqual(rows.map(() => 1));
  });

  it("sends each event to the endpoints of its own application and mode that want its type", async () => {
    const all = await receiver();
    const failedOnly = await receiver();
    const other = await receiver();
    const m = await merchantContext();
    await endpointFor(m.ctx, all.url);
    await endpointFor(m.ctx, failedOnly.url, { enabled_events: ["payment.failed"] });
    await endpointFor(m.ctx, other.url, { enabled: false });
    // Same merchant, another application; and the live mode of the same application.
    const app2 = await createApplication(db(), m.merchant.id, "Second app");
    await endpointFor({ ...m.ctx, application: app2 }, other.url);
    await endpointFor({ ...m.ctx, mode: "live" }, other.url.replace("http:", "https:"));

    const success = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });
    const failed = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.failed" });
    while ((await deliverDue(db(), { merchantId: m.merchant.id, policy: fast() })).length);
    expect(all.received.map((x) => x.headers["webhook-id"]).sort()).toEqual([success.id, failed.id].sort());
    expect(failedOnly.received.map((x) => x.headers["webhook-id"])).toEqual([failed.id]);
    expect(other.received).toHaveLength(0);
  });

  it("a disabled endpoint's due retry ends FAILED unsent; a deleted endpoint's pending deliveries end FAILED", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const m = await merchantContext();
    const e1 = await endpointFor(m.ctx, r.url);
    const payload = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: fast({ schedule: [0, 0, 0] }) });
    await updateEndpoint(m.ctx, e1.id, { enabled: false });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: fast({ schedule: [0, 0, 0] }) });
    const [d] = await deliveriesOf(payload.id);
    expect(d).toMatchObject({ status: "FAILED", attemptCount: 1, lastError: "endpoint disabled: not sent" });
    expect(r.received).toHaveLength(1);

    const e2 = await endpointFor(m.ctx, r.url);
    const second = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db());
    await db().transaction((tx) => deleteEndpoint({ ...m.ctx, db: tx as never }, e2.id));
    const [d2] = await deliveriesOf(second.id);
    expect(d2).toMatchObject({ status: "FAILED", attemptCount: 0, lastError: "endpoint deleted: not sent", nextAttemptAt: null });
    expect(await deliverDue(db(), { merchantId: m.merchant.id, policy: fast() })).toEqual([]);
  });

  it("after a roll with a grace period both secrets verify; without one only the new secret does", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    const rolled = await db().transaction((tx) => rollEndpointSecret({ ...m.ctx, db: tx as never }, endpoint.id, 3600));
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(endpoint.secret);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: fast() });
    const got = r.received[0];
    expect(got.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => new Webhook(rolled.secret).verify(got.body, got.headers)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(got.body, got.headers)).not.toThrow();

    const again = await db().transaction((tx) => rollEndpointSecret({ ...m.ctx, db: tx as never }, endpoint.id, 0));
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: fast() });
    const next = r.received[1];
    expect(next.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() => new Webhook(again.secret).verify(next.body, next.headers)).not.toThrow();
    expect(() => new Webhook(rolled.secret).verify(next.body, next.headers)).toThrow();
  });

  it("fans each event out once even when several passes race", async () => {
    const r = await receiver();
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const emitted = await Promise.all(Array.from({ length: 10 }, () => emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId })));
    await Promise.all([dispatchEvents(db()), dispatchEvents(db()), dispatchEvents(db())]);
    for (const e of emitted) expect(await deliveriesOf(e.id)).toHaveLength(1);
    const rows = await deliveryRow((await deliveriesOf(emitted[0].id))[0].id);
    expect(rows.status).toBe("PENDING");
  });
});
