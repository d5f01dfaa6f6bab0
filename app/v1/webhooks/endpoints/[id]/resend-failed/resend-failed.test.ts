import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { createApplication } from "@/lib/platform/merchants";
import { issueApiKey } from "@/lib/platform/api-keys";
import { deliverDue } from "@/lib/webhooks/deliver";
import type { DeliveryPolicy } from "@/lib/webhooks/policy";
import { emitTestEvent, startReceiver } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { DELETE as removeEndpoint, PATCH as updateEndpoint } from "../route";
import { POST as createEndpoint } from "../../route";
import { GET as notAllowedGet, POST as resendFailed } from "./route";

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  closers.push(r.close);
  return r;
}

const fast: DeliveryPolicy = { schedule: [0, 0], timeoutMs: 2_000, allowPrivateTargets: true };
const DAY = 24 * 3_600_000;

async function endpoint(key: string, url: string, body: Record<string, unknown> = {}) {
  const res = await call(createEndpoint, "POST", "/v1/webhooks/endpoints", { key, body: { url, ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}

const bulk = (key: string, endpointId: string, body: unknown) =>
  call(resendFailed, "POST", `/v1/webhooks/endpoints/${endpointId}/resend-failed`, { key, params: { id: endpointId }, body });

const around = (ms = DAY) => ({ from: new Date(Date.now() - ms).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });

/** `n` FAILED deliveries of one endpoint written directly (with their events), created a second apart ending `endMsAgo` ago. */
async function failedDeliveries(m: Awaited<ReturnType<typeof newMerchant>>, endpointId: string, n: number, endMsAgo = 60_000) {
  const tag = randomBytes(6).toString("hex");
  await db().execute(sql`
    insert into events (id, merchant_id, application_id, mode, type, object_id, payload, dispatched_at)
    select 'evt_' || ${tag} || lpad(i::text, 14, '0'), ${m.merchant.id}, ${m.applicationId}, 'test', 'payment.success', 'txn_' || ${tag} || i,
      jsonb_build_object('id', 'evt_' || ${tag} || lpad(i::text, 14, '0'), 'type', 'payment.success', 'timestamp', '2025-01-01T00:00:00.000Z', 'livemode', false,
        'data', jsonb_build_object('object', jsonb_build_object('id', 'txn_' || ${tag} || i, 'status', 'SUCCESS'))), now()
    from generate_series(1, ${n}) as i`);
  return rowsOf<{ id: string }>(
    await db().execute(sql`
    insert into webhook_deliveries (id, merchant_id, application_id, mode, endpoint_id, event_id, event_type, status, attempt_count, auto_attempts, last_error, created_at)
    select 'whd_' || ${tag} || lpad(i::text, 14, '0'), ${m.merchant.id}, ${m.applicationId}, 'test', ${endpointId}, 'evt_' || ${tag} || lpad(i::text, 14, '0'),
      'payment.success', 'FAILED', 8, 8, 'HTTP 500', now() - ${endMsAgo}::int * interval '1 millisecond' - (${n} - i) * interval '1 second'
    from generate_series(1, ${n}) as i
    returning id`),
  );
}

describe("POST /v1/webhooks/endpoints/{id}/resend-failed", () => {
  it("queues the endpoint's FAILED deliveries of the window; the worker sends each once more, signed afresh, as a new attempt", async () => {
    let status = 500;
    const r = await receiver(() => ({ status }));
    const other = await receiver(() => ({ status: 500 }));
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, r.url);
    const otherEp = await endpoint(m.testKey, other.url);
    const events = [];
    for (let i = 0; i < 3; i++) events.push(await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId }));
    while ((await deliverDue(db(), { merchantId: m.merchant.id, policy: fast })).length);
    const failed = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id));
    expect(failed.map((d) => [d.status, d.attemptCount])).toEqual([["FAILED", 2], ["FAILED", 2], ["FAILED", 2]]);
    // One succeeds by hand, one is older than the window.
    const [done, old, ...rest] = failed.sort((a, b) => a.id.localeCompare(b.id));
    await db().update(webhookDeliveries).set({ status: "SUCCESS" }).where(eq(webhookDeliveries.id, done.id));
    await db().update(webhookDeliveries).set({ createdAt: new Date(Date.now() - 2 * DAY) }).where(eq(webhookDeliveries.id, old.id));
    const seenBefore = r.received.length;

    const res = await bulk(m.testKey, ep.id, around());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ object: "webhook_resend", endpoint_id: ep.id, queued: 1, delivery_ids: rest.map((d) => d.id), has_more: false });
    const [queued] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, rest[0].id));
    expect(queued.status).toBe("PENDING");
    expect(Math.abs(queued.nextAttemptAt!.getTime() - Date.now())).toBeLessThan(5_000);
    // The other endpoint's FAILED deliveries are untouched.
    const others = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, otherEp.id));
    expect(others.every((d) => d.status === "FAILED")).toBe(true);

    status = 200;
    const outcomes = await deliverDue(db(), { merchantId: m.merchant.id, policy: fast });
    expect(outcomes.map((o) => [o.deliveryId, o.status])).toEqual([[rest[0].id, "SUCCESS"]]);
    expect(r.received).toHaveLength(seenBefore + 1);
    const sent = r.received.at(-1)!;
    expect(Math.abs(Number(sent.headers["webhook-timestamp"]) * 1000 - Date.now())).toBeLessThan(5_000);
    expect(() => new Webhook(ep.secret).verify(sent.body, sent.headers)).not.toThrow();
    const attempts = await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, rest[0].id));
    expect(attempts.map((a) => [a.number, a.trigger, a.status]).sort()).toEqual([
      [1, "automatic", "FAILED"],
      [2, "automatic", "FAILED"],
      [3, "automatic", "SUCCESS"],
    ]);

    // Nothing FAILED left in the window: nothing queued.
    expect((await bulk(m.testKey, ep.id, around())).body.data).toMatchObject({ queued: 0, delivery_ids: [], has_more: false });
  });

  it("a queued delivery that fails again ends FAILED after its one attempt (its schedule is spent)", async () => {
    const r = await receiver(() => ({ status: 500 }));
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, r.url);
    const [row] = await failedDeliveries(m, ep.id, 1);
    expect((await bulk(m.testKey, ep.id, around())).body.data.delivery_ids).toEqual([row.id]);
    const outcomes = await deliverDue(db(), { merchantId: m.merchant.id });
    expect(outcomes.map((o) => [o.deliveryId, o.status])).toEqual([[row.id, "FAILED"]]);
    expect(await deliverDue(db(), { merchantId: m.merchant.id })).toEqual([]);
    expect(r.received).toHaveLength(1);
  });

  it("is due now on the merchant's clock in test mode", async () => {
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, "https://hooks.example.ml/clock");
    await failedDeliveries(m, ep.id, 1);
    await advanceTestClock(db(), m.merchant.id, 3 * 3_600);
    const res = await bulk(m.testKey, ep.id, around());
    const [queued] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, res.body.data.delivery_ids[0]));
    expect(Math.abs(queued.nextAttemptAt!.getTime() - (Date.now() + 3 * 3_600_000))).toBeLessThan(5_000);
  });

  it("takes [from, to): exactly 30 days is accepted, 30 days and 1 ms, from = to and from > to are INVALID_RESEND_WINDOW", async () => {
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, "https://hooks.example.ml/window");
    const [row] = await failedDeliveries(m, ep.id, 1, 0);
    const [{ createdAt }] = await db().select({ createdAt: webhookDeliveries.createdAt }).from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
    const at = createdAt.getTime();
    const iso = (ms: number) => new Date(ms).toISOString();

    // `to` is excluded, `from` included.
    expect((await bulk(m.testKey, ep.id, { from: iso(at - 30 * DAY), to: iso(at) })).body.data.queued).toBe(0);
    const exactly = await bulk(m.testKey, ep.id, { from: iso(at), to: iso(at + 30 * DAY) });
    expect(exactly.status).toBe(200);
    expect(exactly.body.data.delivery_ids).toEqual([row.id]);

    for (const [from, to, param] of [
      [at, at + 30 * DAY + 1, "to"],
      [at, at, "from"],
      [at + 1, at, "from"],
    ] as const) {
      const res = await bulk(m.testKey, ep.id, { from: iso(from), to: iso(to) });
      expect(res.status, `${from}..${to}`).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_RESEND_WINDOW", param });
    }
    // A zone other than Z is read as such.
    const offset = await bulk(m.testKey, ep.id, { from: "2025-01-01T01:00:00+01:00", to: "2025-01-31T00:00:00Z" });
    expect(offset.status).toBe(200);

    for (const [body, code, param] of [
      [{ to: iso(at) }, "MISSING_FIELD", "from"],
      [{ from: iso(at) }, "MISSING_FIELD", "to"],
      [{ from: "yesterday", to: iso(at) }, "INVALID_FIELD", "from"],
      [{ from: "2025-01-01", to: iso(at) }, "INVALID_FIELD", "from"],
      [{ from: "2025-01-01T00:00:00", to: iso(at) }, "INVALID_FIELD", "from"],
    ] as const) {
      const res = await bulk(m.testKey, ep.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code, param });
    }
  });

  it("queues at most 1,000 per call, oldest first, with has_more; the next call takes the rest", async () => {
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, "https://hooks.example.ml/bulk");
    const rows = (await failedDeliveries(m, ep.id, 1_001)).map((r) => r.id).sort();
    const window = around(2 * DAY);

    const first = await bulk(m.testKey, ep.id, window);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ queued: 1_000, has_more: true });
    expect(first.body.data.delivery_ids).toEqual(rows.slice(0, 1_000));
    const second = await bulk(m.testKey, ep.id, window);
    expect(second.body.data).toMatchObject({ queued: 1, delivery_ids: [rows[1_000]], has_more: false });
    expect((await bulk(m.testKey, ep.id, window)).body.data).toMatchObject({ queued: 0, has_more: false });
    const pending = await db().select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, ep.id), eq(webhookDeliveries.status, "PENDING")));
    expect(pending[0].n).toBe(1_001);
  });

  it("two calls at once queue each delivery once", async () => {
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, "https://hooks.example.ml/race");
    const rows = (await failedDeliveries(m, ep.id, 1_200)).map((r) => r.id);
    const window = around(2 * DAY);
    const [a, b] = await Promise.all([bulk(m.testKey, ep.id, window), bulk(m.testKey, ep.id, window)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const ids = [...a.body.data.delivery_ids, ...b.body.data.delivery_ids];
    expect(a.body.data.queued + b.body.data.queued).toBe(ids.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(1_200);
    expect(ids.sort()).toEqual(rows.sort());
  });

  it("refuses with WEBHOOK_ENDPOINT_NOT_FOUND, WEBHOOK_ENDPOINT_DELETED and WEBHOOK_ENDPOINT_DISABLED, changing nothing", async () => {
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, "https://hooks.example.ml/codes");
    const rows = (await failedDeliveries(m, ep.id, 2)).map((r) => r.id);

    const app2 = await createApplication(db(), m.merchant.id, "Other app");
    const sibling = await issueApiKey(db(), { merchantId: m.merchant.id, applicationId: app2.id, mode: "test" });
    const stranger = await newMerchant();
    for (const key of [sibling.key, stranger.testKey]) {
      const res = await bulk(key, ep.id, around());
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    }
    expect((await bulk(m.testKey, "we_missing", around())).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");

    await call(updateEndpoint, "PATCH", `/v1/webhooks/endpoints/${ep.id}`, { key: m.testKey, params: { id: ep.id }, body: { enabled: false } });
    const disabled = await bulk(m.testKey, ep.id, around());
    expect(disabled.status).toBe(409);
    expect(disabled.body.error.code).toBe("WEBHOOK_ENDPOINT_DISABLED");

    await call(removeEndpoint, "DELETE", `/v1/webhooks/endpoints/${ep.id}`, { key: m.testKey, params: { id: ep.id } });
    const deleted = await bulk(m.testKey, ep.id, around());
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.code).toBe("WEBHOOK_ENDPOINT_DELETED");

    const left = await db().select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, rows));
    expect(left.map((d) => d.status)).toEqual(["FAILED", "FAILED"]);
    expect((await call(notAllowedGet, "GET", `/v1/webhooks/endpoints/${ep.id}/resend-failed`, { key: m.testKey, params: { id: ep.id } })).status).toBe(405);
  });
});
