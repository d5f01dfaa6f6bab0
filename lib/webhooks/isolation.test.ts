import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { claimDue, claimTerms, deliverDue, deliverOnce, dispatchEvents } from "./deliver";
import { defaultPolicy, ENDPOINT_MAX_IN_FLIGHT, SLOW_ENDPOINT_FOR_MS, SLOW_ENDPOINT_MAX_IN_FLIGHT, type DeliveryPolicy } from "./policy";
import { emitTestEvent, endpointFor, merchantContext, startReceiver, waitFor } from "./test-support";
import { startWebhookWorker } from "./worker";

/** Issue 25: one merchant's receiver never delays another merchant's webhooks. */

const policy = (over: Partial<DeliveryPolicy> = {}): DeliveryPolicy => ({ schedule: [0, 60_000], timeoutMs: 3_000, allowPrivateTargets: true, ...over });

// Receivers close first (a hung attempt then ends at once), workers stop after.
const receivers: { close: () => Promise<void> }[] = [];
const workers: { stop: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

function worker(p: DeliveryPolicy, options: { concurrency?: number } = {}) {
  const w = startWebhookWorker(db, { policy: p, pollMs: 20, ...options });
  workers.push(w);
  return w;
}

async function merchantWithEndpoint(url: string) {
  const m = await merchantContext();
  const endpoint = await endpointFor(m.ctx, url);
  const emit = (n: number) => Promise.all(Array.from({ length: n }, () => emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId })));
  return { m, endpoint, emit };
}

const deliveriesTo = (endpointId: string) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe("claiming is fair across merchants and endpoints", () => {
  // First in the file: claimDue is unscoped here, and no other test's delivery is due yet.
  it("takes each merchant's oldest due delivery before anyone's second, whatever the global order", async () => {
    const busy = await merchantWithEndpoint("http://127.0.0.1:9/busy");
    await busy.emit(12);
    const small = await merchantWithEndpoint("http://127.0.0.1:9/small");
    await small.emit(2);
    const twoEndpoints = await merchantWithEndpoint("http://127.0.0.1:9/two-a");
    const second = await endpointFor(twoEndpoints.m.ctx, "http://127.0.0.1:9/two-b");
    await twoEndpoints.emit(1);
    while ((await dispatchEvents(db())).events > 0);

    // By next_attempt_at alone, every slot would go to `busy`, whose 12 are the oldest.
    const first = await claimDue(db(), { limit: 3, leaseMs: 60_000, perEndpoint: 10 });
    const endpointsOf = async (claims: { id: string }[]) =>
      (await db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, claims.map((c) => c.id)))).map((d) => d.endpointId);
    const count = (ids: string[], endpointId: string) => ids.filter((id) => id === endpointId).length;
    // One turn per merchant.
    const one = await endpointsOf(first);
    expect(one).toHaveLength(3);
    expect(count(one, busy.endpoint.id)).toBe(1);
    expect(count(one, small.endpoint.id)).toBe(1);
    expect(count(one, twoEndpoints.endpoint.id) + count(one, second.id)).toBe(1);

    // Next, a second turn each: the merchant with two endpoints has its turns spread over both.
    const two = await endpointsOf(await claimDue(db(), { limit: 3, leaseMs: 60_000, perEndpoint: 10 }));
    expect(two).toHaveLength(3);
    expect(count(two, busy.endpoint.id)).toBe(1);
    expect(count(two, small.endpoint.id)).toBe(1);
    expect(count([...one, ...two], twoEndpoints.endpoint.id)).toBe(1);
    expect(count([...one, ...two], second.id)).toBe(1);

    // Only `busy` has work left: it gets the whole pass, up to its bound.
    const rest = await endpointsOf(await claimDue(db(), { limit: 20, leaseMs: 60_000, perEndpoint: 10 }));
    expect(rest).toEqual(Array(8).fill(busy.endpoint.id));
  });
});

describe("one endpoint never delays another", () => {
  it("a healthy merchant's deliveries arrive while another merchant's receiver hangs with every worker slot it can get", async () => {
    const hanging = await receiver(() => ({ hang: true }));
    const healthy = await receiver();
    const s = await merchantWithEndpoint(hanging.url);
    const g = await merchantWithEndpoint(healthy.url);
    const p = policy({ timeoutMs: 5_000 });
    worker(p, { concurrency: ENDPOINT_MAX_IN_FLIGHT + 4 });
    // The hanging merchant's 20 events are due first and would fill every slot of the worker.
    await s.emit(20);
    await waitFor(() => hanging.load.open >= ENDPOINT_MAX_IN_FLIGHT);
    const started = Date.now();
    const [event] = await g.emit(1);
    // Well within the 5 s the hung attempts hold their slots for.
    await waitFor(() => healthy.received.some((r) => r.headers["webhook-id"] === event.id), 1_500);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(hanging.load.max).toBeLessThanOrEqual(ENDPOINT_MAX_IN_FLIGHT);
  });

  it("never has more than the bound in flight to one endpoint, with two workers on the same database; each event arrives once", async () => {
    const slow = await receiver(() => ({ delayMs: 150 }));
    const s = await merchantWithEndpoint(slow.url);
    const p = policy({ endpointMaxInFlight: 3 });
    worker(p, { concurrency: 10 });
    worker(p, { concurrency: 10 });
    const events = await s.emit(12);
    const ids = events.map((e) => e.id).sort();
    await waitFor(() => slow.received.length >= ids.length, 30_000);
    await waitFor(async () => (await deliveriesTo(s.endpoint.id)).every((d) => d.status === "SUCCESS"));
    expect(slow.load.max).toBe(3);
    expect(slow.received.map((r) => r.headers["webhook-id"]).sort()).toEqual(ids);
  });

  it("an endpoint whose attempts time out is slowed to one attempt in flight; a success gives it its full share back", async () => {
    let answering = false;
    const r = await receiver(() => (answering ? {} : { hang: true }));
    const s = await merchantWithEndpoint(r.url);
    const p = policy({ timeoutMs: 300, endpointMaxInFlight: 4 });
    const scope = { merchantId: s.m.merchant.id, policy: p };
    const slowUntil = async () => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, s.endpoint.id)))[0].slowUntil;
    await s.emit(10);

    // Its full share at first: 4 at once, which all time out (their retries are a minute away).
    expect(await deliverDue(db(), scope)).toHaveLength(4);
    expect(r.load.max).toBe(4);
    const until = await slowUntil();
    expect(until!.getTime()).toBeGreaterThan(Date.now() + SLOW_ENDPOINT_FOR_MS - 60_000);

    // Slowed: one attempt at a time, though 6 are due.
    await waitFor(() => r.load.open === 0);
    r.load.max = 0;
    expect(await deliverDue(db(), scope)).toHaveLength(SLOW_ENDPOINT_MAX_IN_FLIGHT);
    expect(r.load.max).toBe(SLOW_ENDPOINT_MAX_IN_FLIGHT);
    expect((await slowUntil())!.getTime()).toBeGreaterThanOrEqual(until!.getTime());

    // It answers again: the first success ends the slowness, and the rest may go 4 at once.
    answering = true;
    expect(await deliverDue(db(), { ...scope, limit: 1 })).toMatchObject([{ status: "SUCCESS" }]);
    expect(await slowUntil()).toBeNull();
    expect(await claimDue(db(), { merchantId: s.m.merchant.id, limit: 10, ...claimTerms(p) })).toHaveLength(4);
  });

  it("Inngest runs keep the bound: a due delivery whose endpoint is full is not attempted, and says it is busy", async () => {
    const r = await receiver(() => ({ hang: true }));
    const s = await merchantWithEndpoint(r.url);
    await s.emit(2);
    const { deliveries } = await dispatchEvents(db(), { merchantId: s.m.merchant.id });
    expect(deliveries).toHaveLength(2);
    const p = { ...defaultPolicy(), allowPrivateTargets: true, endpointMaxInFlight: 1 };
    const held = await claimDue(db(), { merchantId: s.m.merchant.id, limit: 10, leaseMs: 60_000, perEndpoint: 1 });
    expect(held).toHaveLength(1);
    const other = deliveries.find((id) => id !== held[0].id)!;
    expect(await deliverOnce(db(), other, p)).toMatchObject({ status: "PENDING", attempted: false, busy: true });
    expect(r.received).toHaveLength(0);
  });
});
