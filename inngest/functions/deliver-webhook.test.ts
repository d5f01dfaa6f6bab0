import http from "node:http";
import type { AddressInfo } from "node:net";
import { InngestTestEngine } from "@inngest/test";
import { asc, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { dispatchEvents } from "@/lib/webhooks/deliver";
import { jobById, jobs } from "@/lib/jobs/registry";
import { RETRY_SCHEDULE_MS } from "@/lib/webhooks/policy";
import { emitTestEvent, endpointFor, merchantContext, startReceiver } from "@/lib/webhooks/test-support";

// A local stand-in for Inngest's event API, so `inngest.send` really sends (no network, no mock of our code).
const sent: { url: string; body: unknown }[] = [];
const eventApi = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    sent.push({ url: req.url ?? "", body });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ids: (Array.isArray(body) ? body : [body]).map((_: unknown, i: number) => `id${i}`), status: 200 }));
  });
});

let fn: typeof import("./deliver-webhook");
let index: typeof import("./index");
beforeAll(async () => {
  await new Promise<void>((resolve) => eventApi.listen(0, "127.0.0.1", resolve));
  process.env.INNGEST_EVENT_API_BASE_URL = `http://127.0.0.1:${(eventApi.address() as AddressInfo).port}/`;
  process.env.INNGEST_EVENT_KEY = "test-event-key";
  fn = await import("./deliver-webhook");
  index = await import("./index");
});
afterAll(async () => {
  await new Promise<void>((resolve) => eventApi.close(() => resolve()));
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  sent.length = 0;
});

async function pendingDelivery(answer: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  closers.push(r.close);
  const m = await merchantContext();
  const endpoint = await endpointFor(m.ctx, r.url);
  const event = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
  const { deliveries } = await dispatchEvents(db(), { merchantId: m.merchant.id });
  expect(deliveries).toHaveLength(1);
  return { r, m, endpoint, event, deliveryId: deliveries[0] };
}

/**
 * Inngest's durable sleeps, mocked as the test engine requires: each one "lets the time pass"
 * by making the delivery due now in the database (the row is the truth the next step reads).
 */
function sleepsThatFastForward(deliveryId: string, count = 20) {
  return Array.from({ length: count }, (_, i) => ({
    id: `wait-${i + 1}`,
    handler: async () => {
      await db().update(webhookDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(webhookDeliveries.id, deliveryId));
    },
  }));
}

describe("inngest functions", () => {
  it("are listed for the serve endpoint", () => {
    expect(index.inngestFunctions(jobs).map((f) => f.id())).toEqual(expect.arrayContaining(["deliver-webhook", "sweep-webhooks"]));
  });

  it("deliver-webhook: 500, 500, then 200 ends SUCCESS after 3 attempts, sleeping per the published schedule", async () => {
    const { r, endpoint, event, deliveryId } = await pendingDelivery((n) => (n <= 2 ? { status: 500 } : { status: 200, body: "merci" }));
    const t = new InngestTestEngine({ function: fn.deliverWebhook });
    const started = Date.now();
    const { result, ctx } = await t.execute({
      events: [{ name: "cauri/webhook.delivery.due", data: { delivery_id: deliveryId } }],
      steps: sleepsThatFastForward(deliveryId),
    });
    expect(result).toEqual({ delivery_id: deliveryId, status: "SUCCESS" });

    const attempts = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.number));
    expect(attempts.map((a) => [a.number, a.status, a.statusCode])).toEqual([[1, "FAILED", 500], [2, "FAILED", 500], [3, "SUCCESS", 200]]);
    expect(r.received.map((x) => x.headers["webhook-id"])).toEqual([event.id, event.id, event.id]);
    for (const x of r.received) expect(() => new Webhook(endpoint.secret).verify(x.body, x.headers)).not.toThrow();

    // Each wait is a durable sleep until the row's next attempt: +5 s, then +5 min.
    const sleeps = (ctx.step.sleepUntil as unknown as { mock: { calls: [string, Date][] } }).mock.calls;
    expect(sleeps.map(([id]) => id)).toEqual(["wait-1", "wait-2"]);
    const [first, second] = sleeps.map(([, at]) => new Date(at).getTime() - started);
    expect(first).toBeGreaterThan(RETRY_SCHEDULE_MS[1] - 1_000);
    expect(first).toBeLessThan(RETRY_SCHEDULE_MS[1] + 3_000);
    expect(second).toBeGreaterThan(RETRY_SCHEDULE_MS[2] - 1_000);
    expect(second).toBeLessThan(RETRY_SCHEDULE_MS[2] + 3_000);
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row).toMatchObject({ status: "SUCCESS", attemptCount: 3 });
  });

  it("deliver-webhook: a receiver that never succeeds ends FAILED after the 8 attempts of the schedule", async () => {
    const { r, deliveryId } = await pendingDelivery(() => ({ status: 502 }));
    const t = new InngestTestEngine({ function: fn.deliverWebhook });
    const { result } = await t.execute({ events: [{ name: "cauri/webhook.delivery.due", data: { delivery_id: deliveryId } }], steps: sleepsThatFastForward(deliveryId) });
    expect(result).toEqual({ delivery_id: deliveryId, status: "FAILED" });
    expect(r.received).toHaveLength(RETRY_SCHEDULE_MS.length);
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row).toMatchObject({ status: "FAILED", attemptCount: 8, autoAttempts: 8, nextAttemptAt: null });
  });

  it("deliver-webhook: a run for a delivery that is already done sends nothing", async () => {
    const { r, deliveryId } = await pendingDelivery(() => ({ status: 200 }));
    const t = new InngestTestEngine({ function: fn.deliverWebhook });
    const events = [{ name: "cauri/webhook.delivery.due", data: { delivery_id: deliveryId } }] as [{ name: string; data: { delivery_id: string } }];
    expect((await t.execute({ events })).result).toEqual({ delivery_id: deliveryId, status: "SUCCESS" });
    // A duplicate run (the same hand-off twice) finds the row done.
    expect((await t.clone().execute({ events })).result).toEqual({ delivery_id: deliveryId, status: "SUCCESS" });
    expect(r.received).toHaveLength(1);
  });

  it("sweep-webhooks fans out missed events and hands new and overdue deliveries to Inngest", async () => {
    const r = await startReceiver();
    closers.push(r.close);
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    // An overdue delivery whose run was lost…
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const { deliveries: [overdue] } = await dispatchEvents(db(), { merchantId: m.merchant.id });
    await db().update(webhookDeliveries).set({ nextAttemptAt: sql`now() - interval '5 minutes'` }).where(eq(webhookDeliveries.id, overdue));
    // …and an event nobody fanned out.
    const missed = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });

    const t = new InngestTestEngine({ function: fn.sweepWebhooks(jobById("webhook-delivery").everySeconds) });
    const { result } = await t.execute();
    expect(result).toMatchObject({ fanned_out: expect.any(Number) });
    const [created] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, missed.id));
    expect(created.status).toBe("PENDING");

    const handed = sent.flatMap((s) => s.body as { name: string; id: string; data: { delivery_id: string } }[]);
    expect(sent[0].url).toBe("/e/test-event-key");
    const ids = handed.map((e) => e.data.delivery_id);
    expect(ids).toEqual(expect.arrayContaining([created.id, overdue]));
    expect(handed.every((e) => e.name === "cauri/webhook.delivery.due")).toBe(true);
    expect(handed.find((e) => e.data.delivery_id === created.id)!.id).toBe(`${created.id}-new`);
    expect(handed.find((e) => e.data.delivery_id === overdue)!.id).toMatch(new RegExp(`^${overdue}-0-\\d+$`));
    // Nothing was sent to the receiver by the sweep itself: the delivery runs do that.
    expect(r.received).toHaveLength(0);
  });

  it("enqueueDeliveries sends one event per delivery with its de-duplication id", async () => {
    await fn.enqueueDeliveries([{ id: "whd_a", dedupe: "whd_a-new" }, { id: "whd_b", dedupe: "whd_b-3-7" }]);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual([
      expect.objectContaining({ name: "cauri/webhook.delivery.due", id: "whd_a-new", data: { delivery_id: "whd_a" } }),
      expect.objectContaining({ name: "cauri/webhook.delivery.due", id: "whd_b-3-7", data: { delivery_id: "whd_b" } }),
    ]);
    await fn.enqueueDeliveries([]);
    expect(sent).toHaveLength(1);
  });
});
