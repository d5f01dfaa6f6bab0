import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { createApplication } from "@/lib/platform/merchants";
import { issueApiKey } from "@/lib/platform/api-keys";
import { deliverDue } from "@/lib/webhooks/deliver";
import type { DeliveryPolicy } from "@/lib/webhooks/policy";
import { createSession } from "@/lib/webhooks/listen/sessions";
import { emitTestEvent, merchantContext, startReceiver } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { DELETE as removeEndpoint, PATCH as updateEndpoint } from "../../../endpoints/[id]/route";
import { POST as createEndpoint } from "../../../endpoints/route";
import { POST as resendFailed } from "../../../endpoints/[id]/resend-failed/route";
import { GET as getLog } from "../../../logs/[id]/route";
import { GET as notAllowedGet, POST as resend } from "./route";

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

const resendCall = (key: string, eventId: string, body?: Record<string, unknown>) =>
  call(resend, "POST", `/v1/webhooks/events/${eventId}/resend`, { key, params: { event_id: eventId }, body });

type Detail = { id: string; status: string; endpoint_id: string; attempt_count: number; attempts: { number: number; trigger: string; status: string }[] };

const deliveriesOf = (eventId: string) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));

describe("POST /v1/webhooks/events/{event_id}/resend", () => {
  it("re-sends a delivered event now: a new manual attempt, signed afresh at send time, answered like GET /v1/webhooks/logs/{id}", async () => {
    const r = await receiver();
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, r.url);
    const e = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: fast });
    expect(r.received).toHaveLength(1);
    // webhook-timestamp counts seconds: wait past the next one so a fresh signature shows.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const res = await resendCall(m.testKey, e.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [detail] = res.body.data as Detail[];
    expect(detail).toMatchObject({ status: "SUCCESS", endpoint_id: ep.id, event_id: e.id, attempt_count: 2 });
    expect(detail.attempts.map((a) => [a.number, a.trigger, a.status])).toEqual([
      [1, "automatic", "SUCCESS"],
      [2, "manual", "SUCCESS"],
    ]);
    const log = await call(getLog, "GET", `/v1/webhooks/logs/${detail.id}`, { key: m.testKey, params: { id: detail.id } });
    expect(res.body.data[0]).toEqual(log.body.data);

    expect(r.received).toHaveLength(2);
    const [first, again] = r.received;
    expect(again.headers["webhook-id"]).toBe(e.id);
    expect(again.body).toBe(first.body);
    expect(Number(again.headers["webhook-timestamp"])).toBeGreaterThan(Number(first.headers["webhook-timestamp"]));
    expect(again.headers["webhook-signature"]).not.toBe(first.headers["webhook-signature"]);
    expect(() => new Webhook(ep.secret).verify(again.body, again.headers)).not.toThrow();
    expect(await deliveriesOf(e.id)).toHaveLength(1);
  });

  it("re-sends a PENDING or FAILED delivery whatever its status: a failure leaves it as it was, a success makes it SUCCESS", async () => {
    let status = 500;
    const r = await receiver(() => ({ status }));
    const m = await newMerchant();
    await endpoint(m.testKey, r.url);
    const pending = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: { ...fast, schedule: [0, 3_600_000] } });
    const [before] = await deliveriesOf(pending.id);
    expect(before.status).toBe("PENDING");

    const stillPending = await resendCall(m.testKey, pending.id);
    expect(stillPending.body.data[0]).toMatchObject({ status: "PENDING", attempt_count: 2, next_attempt_at: before.nextAttemptAt!.toISOString() });
    expect(stillPending.body.data[0].attempts[1]).toMatchObject({ trigger: "manual", status: "FAILED", response_status: 500 });

    const failed = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    while ((await deliverDue(db(), { merchantId: m.merchant.id, policy: fast })).some((o) => o.deliveryId !== before.id));
    const [failedRow] = await deliveriesOf(failed.id);
    expect(failedRow).toMatchObject({ status: "FAILED", attemptCount: 3 });
    const stillFailed = await resendCall(m.testKey, failed.id);
    expect(stillFailed.body.data[0]).toMatchObject({ status: "FAILED", attempt_count: 4, next_attempt_at: null });

    status = 200;
    for (const e of [pending, failed]) {
      const fixed = await resendCall(m.testKey, e.id);
      expect(fixed.status).toBe(200);
      expect(fixed.body.data[0]).toMatchObject({ status: "SUCCESS", next_attempt_at: null, delivered_at: expect.any(String) });
      expect(fixed.body.data[0].attempts.at(-1)).toMatchObject({ trigger: "manual", status: "SUCCESS", response_status: 200 });
    }
  });

  it("sends to the named endpoint only, creating its delivery if it had none, even when it does not subscribe to the type", async () => {
    const a = await receiver();
    const b = await receiver();
    const m = await newMerchant();
    const epA = await endpoint(m.testKey, a.url);
    const e = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: fast });
    // Created after the event was fanned out, and for another type.
    const epB = await endpoint(m.testKey, b.url, { enabled_events: ["invoice.paid"] });

    const res = await resendCall(m.testKey, e.id, { endpoint_id: epB.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ endpoint_id: epB.id, status: "SUCCESS", attempt_count: 1, event_type: "payment.success" });
    expect(res.body.data[0].attempts).toMatchObject([{ number: 1, trigger: "manual", status: "SUCCESS" }]);
    expect(a.received).toHaveLength(1);
    expect(b.received).toHaveLength(1);
    expect(() => new Webhook(epB.secret).verify(b.received[0].body, b.received[0].headers)).not.toThrow();

    // Named again: the same delivery, one more attempt.
    const again = await resendCall(m.testKey, e.id, { endpoint_id: epB.id });
    expect(again.body.data[0]).toMatchObject({ id: res.body.data[0].id, attempt_count: 2 });
    expect((await deliveriesOf(e.id)).map((d) => d.endpointId).sort()).toEqual([epA.id, epB.id].sort());
    expect(a.received).toHaveLength(1);
  });

  it("without endpoint_id: every enabled endpoint that receives the type, created for one that had no delivery", async () => {
    const a = await receiver();
    const late = await receiver(() => ({ status: 503 }));
    const other = await receiver();
    const off = await receiver();
    const m = await newMerchant();
    const epA = await endpoint(m.testKey, a.url);
    const e = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });
    await deliverDue(db(), { merchantId: m.merchant.id, policy: fast });
    const epLate = await endpoint(m.testKey, late.url, { enabled_events: ["payment.success", "payment.failed"] });
    await endpoint(m.testKey, other.url, { enabled_events: ["invoice.paid"] });
    await endpoint(m.testKey, off.url, { enabled: false });

    const res = await resendCall(m.testKey, e.id);
    expect(res.status).toBe(200);
    expect((res.body.data as Detail[]).map((d) => [d.endpoint_id, d.status, d.attempt_count])).toEqual([
      [epA.id, "SUCCESS", 2],
      [epLate.id, "FAILED", 1],
    ]);
    expect([a.received.length, late.received.length, other.received.length, off.received.length]).toEqual([2, 1, 0, 0]);
    // The created delivery that failed is FAILED, not due: the worker does not send it beside the manual attempt.
    const [created] = await db().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.eventId, e.id), eq(webhookDeliveries.endpointId, epLate.id)));
    expect(created).toMatchObject({ status: "FAILED", nextAttemptAt: null, autoAttempts: 0 });
    expect(await deliverDue(db(), { merchantId: m.merchant.id, policy: fast })).toEqual([]);
    expect(late.received).toHaveLength(1);
  });

  it("refuses with each code: EVENT_NOT_FOUND, WEBHOOK_ENDPOINT_NOT_FOUND, WEBHOOK_ENDPOINT_DELETED, NO_WEBHOOK_ENDPOINTS", async () => {
    const r = await receiver();
    const m = await newLiveMerchant();
    const e = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });

    // No endpoint at all, then only ones that do not take the type or are disabled.
    const none = await resendCall(m.testKey, e.id);
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("NO_WEBHOOK_ENDPOINTS");
    await endpoint(m.testKey, r.url, { enabled_events: ["invoice.paid"] });
    const disabled = await endpoint(m.testKey, r.url, { enabled: false });
    expect((await resendCall(m.testKey, e.id)).body.error.code).toBe("NO_WEBHOOK_ENDPOINTS");
    // Named, a disabled endpoint still gets it: the developer asked for it.
    expect((await resendCall(m.testKey, e.id, { endpoint_id: disabled.id })).body.data[0]).toMatchObject({ endpoint_id: disabled.id, status: "SUCCESS" });

    const app2 = await createApplication(db(), m.merchant.id, "Other app");
    const sibling = await issueApiKey(db(), { merchantId: m.merchant.id, applicationId: app2.id, mode: "test" });
    const stranger = await newMerchant();
    for (const key of [sibling.key, stranger.testKey, m.liveKey]) {
      const res = await resendCall(key, e.id);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("EVENT_NOT_FOUND");
    }
    expect((await resendCall(m.testKey, "evt_00000000000000000000000000")).body.error.code).toBe("EVENT_NOT_FOUND");

    const siblingEndpoint = await endpoint(sibling.key, r.url);
    const liveEndpoint = await endpoint(m.liveKey, "https://hooks.example.ml/live");
    for (const id of ["we_missing", siblingEndpoint.id, liveEndpoint.id]) {
      const res = await resendCall(m.testKey, e.id, { endpoint_id: id });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toMatchObject({ code: "WEBHOOK_ENDPOINT_NOT_FOUND", param: "endpoint_id" });
    }

    const gone = await endpoint(m.testKey, r.url);
    expect((await call(removeEndpoint, "DELETE", `/v1/webhooks/endpoints/${gone.id}`, { key: m.testKey, params: { id: gone.id } })).status).toBe(200);
    const deleted = await resendCall(m.testKey, e.id, { endpoint_id: gone.id });
    expect(deleted.status).toBe(409);
    expect(deleted.body.error).toMatchObject({ code: "WEBHOOK_ENDPOINT_DELETED", param: "endpoint_id" });

    const badBody = await resendCall(m.testKey, e.id, { endpoint_id: 42 });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error).toMatchObject({ code: "INVALID_FIELD", param: "endpoint_id" });
    expect((await call(resend, "POST", `/v1/webhooks/events/${e.id}/resend`, { params: { event_id: e.id } })).status).toBe(401);
    const get = await call(notAllowedGet, "GET", `/v1/webhooks/events/${e.id}/resend`, { key: m.testKey, params: { event_id: e.id } });
    expect(get.status).toBe(405);
    expect(r.received).toHaveLength(1);
  });

  it("leaves listen sessions out: never a target, and not found when named (here or to resend-failed)", async () => {
    const m = await merchantContext();
    const session = await createSession(m.ctx, {});
    const e = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    expect((await resendCall(m.testKey, e.id)).body.error.code).toBe("NO_WEBHOOK_ENDPOINTS");
    const named = await resendCall(m.testKey, e.id, { endpoint_id: session.id });
    expect(named.status).toBe(404);
    expect(named.body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    const window = { from: new Date(Date.now() - 60_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };
    const bulk = await call(resendFailed, "POST", `/v1/webhooks/endpoints/${session.id}/resend-failed`, { key: m.testKey, params: { id: session.id }, body: window });
    expect(bulk.body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    expect(await deliveriesOf(e.id)).toEqual([]);
  });

  it("replays a keyed request without sending again", async () => {
    const r = await receiver();
    const m = await newMerchant();
    const ep = await endpoint(m.testKey, r.url);
    const e = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const send = () => call(resend, "POST", `/v1/webhooks/events/${e.id}/resend`, { key: m.testKey, params: { event_id: e.id }, body: { endpoint_id: ep.id }, idempotencyKey: "resend-1" });
    const first = await send();
    const replay = await send();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(r.received).toHaveLength(1);
    // Disabling the endpoint after does not matter to an explicit resend either.
    await call(updateEndpoint, "PATCH", `/v1/webhooks/endpoints/${ep.id}`, { key: m.testKey, params: { id: ep.id }, body: { enabled: false } });
    expect((await resendCall(m.testKey, e.id, { endpoint_id: ep.id })).body.data[0].attempt_count).toBe(2);
  });
});
