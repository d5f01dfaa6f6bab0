import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { deliverDue, dispatchEvents } from "@/lib/webhooks/deliver";
import { emitTestEvent, waitFor } from "@/lib/webhooks/test-support";
import { appServerForFile } from "@/tests/support/app-server";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

// The listen sessions of `cauri listen`, through the production server on a real port: the stream
// is a long-lived answer, which only a real socket shows as the CLI sees it.
const app = appServerForFile();

async function api(key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(app.base + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const startSession = async (key: string, events?: string[]) => {
  const res = await api(key, "POST", "/v1/webhooks/listen-sessions", events ? { events } : {});
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string; enabled_events: string[]; stream_url: string };
};

type Message = { event?: string; id?: string; data?: any; comment?: string };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer));
}

/** The session's stream as the CLI reads it: server-sent events, one message at a time. */
async function openStream(key: string, id: string) {
  const controller = new AbortController();
  const response = await fetch(`${app.base}/v1/webhooks/listen-sessions/${id}/stream`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const next = async (timeoutMs = 5_000): Promise<Message> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const raw = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: Message = {};
        for (const line of raw.split("\n")) {
          if (line.startsWith(":")) message.comment = line.slice(1).trim();
          else if (line.startsWith("event: ")) message.event = line.slice(7);
          else if (line.startsWith("id: ")) message.id = line.slice(4);
          else if (line.startsWith("data: ")) message.data = JSON.parse(line.slice(6));
        }
        return message;
      }
      const { value, done } = await withTimeout(reader.read(), timeoutMs, "message");
      if (done) throw new Error("stream ended");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  const nextDelivery = async (timeoutMs = 5_000) => {
    for (;;) {
      const message = await next(timeoutMs);
      if (message.event === "delivery") return message;
    }
  };
  return { response, next, nextDelivery, close: () => controller.abort(), ended: () => reader.read().then((r) => r.done) };
}

async function settledPayment(key: string) {
  const created = await fetch(`${app.base}/v1/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "x-idempotency-key": crypto.randomUUID() },
    body: JSON.stringify({ amount: 5000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", return_url: "http://localhost:4242/merci", description: "Commande 1042" }),
  });
  const payment = ((await created.json()) as any).data;
  expect(created.status).toBe(201);
  const simulated = await api(key, "POST", `/v1/sandbox/payments/${payment.id}/simulate`, { outcome: "SUCCESS" });
  expect(simulated.status).toBe(200);
  return payment.id as string;
}

const deliveriesOf = (endpointId: string) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe("POST /v1/webhooks/listen-sessions", () => {
  it("creates a session: a whsec_ secret, the events, the stream's path", async () => {
    const m = await newMerchant();
    const res = await api(m.testKey, "POST", "/v1/webhooks/listen-sessions", { events: ["payment.success", "payment.failed", "payment.success"] });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^wls_[0-9a-z]{26}$/),
      object: "listen_session",
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      enabled_events: ["payment.success", "payment.failed"],
      stream_url: `/v1/webhooks/listen-sessions/${res.body.data.id}/stream`,
      created_at: expect.any(String),
    });
    const all = await startSession(m.testKey);
    expect(all.enabled_events).toEqual(["*"]);
  });

  it("refuses a live key, and every route of the session too", async () => {
    const m = await newLiveMerchant();
    expect((await api(m.liveKey, "POST", "/v1/webhooks/listen-sessions", {})).body.error.code).toBe("TEST_MODE_ONLY");
    const session = await startSession(m.testKey);
    for (const [method, path, body] of [
      ["GET", session.stream_url],
      ["POST", `/v1/webhooks/listen-sessions/${session.id}/results`, { delivery_id: "whd_x", attempts: [] }],
      ["DELETE", `/v1/webhooks/listen-sessions/${session.id}`],
    ] as const) {
      const res = await api(m.liveKey, method, path, body);
      expect([res.status, res.body.error.code]).toEqual([403, "TEST_MODE_ONLY"]);
    }
  });

  it("refuses an unknown event type and an empty list", async () => {
    const m = await newMerchant();
    for (const events of [["payment.nope"], [], "payment.success"]) {
      const res = await api(m.testKey, "POST", "/v1/webhooks/listen-sessions", { events });
      expect([res.status, res.body.error.code]).toEqual([400, "INVALID_EVENT_TYPE"]);
    }
  });

  it("is not one of the merchant's endpoints: not listed, not counted against the 10", async () => {
    const m = await newMerchant();
    await startSession(m.testKey);
    const listed = await api(m.testKey, "GET", "/v1/webhooks/endpoints");
    expect(listed.body.data).toEqual([]);
    for (let i = 0; i < 10; i++) expect((await api(m.testKey, "POST", "/v1/webhooks/endpoints", { url: `https://shop.example.ml/${i}` })).status).toBe(201);
    const session = await startSession(m.testKey);
    expect((await api(m.testKey, "GET", `/v1/webhooks/endpoints/${session.id}`)).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
  });

  it("keeps at most 10 open per application: the eleventh is 409 LISTEN_SESSION_LIMIT_REACHED, a closed one makes room", async () => {
    const m = await newMerchant();
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await startSession(m.testKey));
    const eleventh = await api(m.testKey, "POST", "/v1/webhooks/listen-sessions", {});
    expect([eleventh.status, eleventh.body.error.code]).toEqual([409, "LISTEN_SESSION_LIMIT_REACHED"]);
    // Another merchant's sessions are its own count.
    await startSession((await newMerchant()).testKey);

    expect((await api(m.testKey, "DELETE", `/v1/webhooks/listen-sessions/${open[0].id}`)).status).toBe(200);
    await startSession(m.testKey);
    expect((await api(m.testKey, "POST", "/v1/webhooks/listen-sessions", {})).status).toBe(409);
  });

  it("twelve started at once open exactly 10", async () => {
    const m = await newMerchant();
    const answers = await Promise.all(Array.from({ length: 12 }, () => api(m.testKey, "POST", "/v1/webhooks/listen-sessions", {})));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), 409, 409]);
    const rows = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.merchantId, m.merchant.id));
    expect(rows.filter((r) => r.kind === "cli" && r.deletedAt === null)).toHaveLength(10);
  });

  it("an abandoned session (unseen for a minute) holds no place: the next start closes it", async () => {
    const m = await newMerchant();
    const open = [];
    for (let i = 0; i < 10; i++) open.push(await startSession(m.testKey));
    await db().update(webhookEndpoints).set({ lastSeenAt: sql`now() - interval '61 seconds'` }).where(eq(webhookEndpoints.id, open[3].id));
    await startSession(m.testKey);
    const [abandoned] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, open[3].id));
    expect(abandoned.deletedAt).not.toBeNull();
    expect((await api(m.testKey, "POST", "/v1/webhooks/listen-sessions", {})).body.error.code).toBe("LISTEN_SESSION_LIMIT_REACHED");
  });
});

describe("GET /v1/webhooks/listen-sessions/{id}/stream", () => {
  it("streams a settled payment's event, signed with the session's secret in both schemes, within about a second", async () => {
    const m = await newMerchant();
    const session = await startSession(m.testKey);
    const stream = await openStream(m.testKey, session.id);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(await stream.next()).toEqual({ event: "ready", data: { session_id: session.id, enabled_events: ["*"] } });

    const paymentId = await settledPayment(m.testKey);
    const started = Date.now();
    const message = await stream.nextDelivery();
    expect(Date.now() - started).toBeLessThan(2_500);
    const { data } = message;
    expect(message.id).toBe(data.delivery_id);
    expect(data).toEqual({ delivery_id: expect.stringMatching(/^whd_/), event_id: expect.stringMatching(/^evt_/), event_type: "payment.success", body: expect.any(String), headers: expect.any(Object) });
    const event = JSON.parse(data.body);
    expect(event).toMatchObject({ id: data.event_id, type: "payment.success", event: "payment.success", livemode: false, data: { id: paymentId, status: "SUCCESS" } });
    // The body is the event as the API shows it, byte for byte.
    const shown = await api(m.testKey, "GET", `/v1/webhooks/events/${data.event_id}`);
    expect(data.body).toBe(JSON.stringify(shown.body.data));

    const h = data.headers as Record<string, string>;
    expect(Object.keys(h).sort()).toEqual(["X-Service-Event-ID", "X-Service-Signature", "X-Service-Timestamp", "content-type", "user-agent", "webhook-id", "webhook-signature", "webhook-timestamp"].sort());
    expect(h["content-type"]).toBe("application/json");
    expect(h["webhook-id"]).toBe(data.event_id);
    expect(new Webhook(session.secret).verify(data.body, { "webhook-id": h["webhook-id"], "webhook-timestamp": h["webhook-timestamp"], "webhook-signature": h["webhook-signature"] })).toEqual(event);
    const t = h["X-Service-Timestamp"];
    expect(h["X-Service-Signature"]).toBe(`t=${t},v1=${createHmac("sha256", session.secret).update(`${t}.${data.body}`).digest("hex")}`);
    expect(h["X-Service-Event-ID"]).toBe(data.event_id);
    stream.close();
  });

  it("sends only the session's event types", async () => {
    const m = await newMerchant();
    const failedOnly = await startSession(m.testKey, ["payment.failed"]);
    const successOnly = await startSession(m.testKey, ["payment.success"]);
    const a = await openStream(m.testKey, failedOnly.id);
    const b = await openStream(m.testKey, successOnly.id);
    await a.next();
    await b.next();
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.success" });
    expect((await b.nextDelivery()).data.event_type).toBe("payment.success");
    expect(await deliveriesOf(failedOnly.id)).toEqual([]);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId, type: "payment.failed" });
    expect((await a.nextDelivery()).data.event_type).toBe("payment.failed");
    expect(await deliveriesOf(successOnly.id)).toHaveLength(1);
    a.close();
    b.close();
  });

  it("sends deliveries made while disconnected on connection, and again an unreported one on a reconnect", async () => {
    const m = await newMerchant();
    const session = await startSession(m.testKey);
    const first = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db(), { merchantId: m.merchant.id });
    const stream = await openStream(m.testKey, session.id);
    await stream.next();
    const sent = await stream.nextDelivery();
    expect(sent.data.event_id).toBe(first.id);
    stream.close();

    const again = await openStream(m.testKey, session.id);
    await again.next();
    const resent = await again.nextDelivery();
    expect(resent.data.delivery_id).toBe(sent.data.delivery_id);
    // Signed anew, at the time of this connection, with the same secret.
    expect(new Webhook(session.secret).verify(resent.data.body, resent.data.headers)).toMatchObject({ id: first.id });
    // Reported, it is not sent on the next connection.
    expect((await api(m.testKey, "POST", `/v1/webhooks/listen-sessions/${session.id}/results`, { delivery_id: sent.data.delivery_id, attempts: [{ url: "http://localhost:4242/webhooks", status_code: 200, error: null, duration_ms: 3 }] })).status).toBe(200);
    again.close();
    const third = await openStream(m.testKey, session.id);
    await third.next();
    const later = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    expect((await third.nextDelivery()).data.event_id).toBe(later.id);
    third.close();
  });

  it("is never POSTed by the HTTP worker, nor counted as due", async () => {
    const m = await newMerchant();
    const session = await startSession(m.testKey);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const outcomes = await deliverDue(db(), { merchantId: m.merchant.id });
    expect(outcomes).toEqual([]);
    const [delivery] = await deliveriesOf(session.id);
    expect(delivery).toMatchObject({ status: "PENDING", attemptCount: 0 });
    expect(await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id))).toEqual([]);
    // Nor re-sent by hand: the CLI forwards it.
    const retried = await api(m.testKey, "POST", `/v1/webhooks/logs/${delivery.id}/retry`);
    expect([retried.status, retried.body.error.code]).toEqual([409, "LISTEN_DELIVERY_NOT_RESENDABLE"]);
  });

  it("is 404 for another merchant's session and for an endpoint's id", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const session = await startSession(m.testKey);
    const endpoint = await api(m.testKey, "POST", "/v1/webhooks/endpoints", { url: "https://shop.example.ml/hooks" });
    for (const [key, id] of [
      [other.testKey, session.id],
      [m.testKey, endpoint.body.data.id],
      [m.testKey, "wls_unknown"],
    ]) {
      for (const [method, path, body] of [
        ["GET", `/v1/webhooks/listen-sessions/${id}/stream`],
        ["POST", `/v1/webhooks/listen-sessions/${id}/results`, { delivery_id: "whd_x", attempts: [{ url: "http://localhost:4242/", status_code: 200, error: null, duration_ms: 1 }] }],
        ["DELETE", `/v1/webhooks/listen-sessions/${id}`],
      ] as const) {
        const res = await api(key, method, path, body);
        expect([res.status, res.body.error.code]).toEqual([404, "LISTEN_SESSION_NOT_FOUND"]);
      }
    }
  });
});

describe("POST /v1/webhooks/listen-sessions/{id}/results", () => {
  async function streamedDelivery() {
    const m = await newMerchant();
    const session = await startSession(m.testKey);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db(), { merchantId: m.merchant.id });
    const [delivery] = await deliveriesOf(session.id);
    const report = (body: unknown) => api(m.testKey, "POST", `/v1/webhooks/listen-sessions/${session.id}/results`, body);
    return { m, session, delivery, report };
  }

  it("records each forward as an attempt; every 2xx makes the delivery SUCCESS", async () => {
    const { m, delivery, report } = await streamedDelivery();
    const res = await report({
      delivery_id: delivery.id,
      attempts: [
        { url: "http://localhost:4242/webhooks", status_code: 200, error: null, duration_ms: 12, response_excerpt: "ok" },
        { url: "https://localhost:5000/hooks", status_code: 204, error: null, duration_ms: 7 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: delivery.id, status: "SUCCESS", attempt_count: 2, response_status: 204, error: null, next_attempt_at: null, delivered_at: expect.any(String) });
    expect(res.body.data.attempts).toEqual([
      expect.objectContaining({ number: 1, trigger: "automatic", status: "SUCCESS", url: "http://localhost:4242/webhooks", response_status: 200, response_excerpt: "ok", error: null, duration_ms: 12 }),
      expect.objectContaining({ number: 2, status: "SUCCESS", url: "https://localhost:5000/hooks", response_status: 204, response_excerpt: null, duration_ms: 7 }),
    ]);
    // The log shows the same.
    expect((await api(m.testKey, "GET", `/v1/webhooks/logs/${delivery.id}`)).body.data).toEqual(res.body.data);
  });

  it("makes it FAILED when one forward failed, and refuses a second report (409), recording nothing more", async () => {
    const { delivery, report } = await streamedDelivery();
    const res = await report({
      delivery_id: delivery.id,
      attempts: [
        { url: "http://localhost:4242/webhooks", status_code: 200, error: null, duration_ms: 5 },
        { url: "http://localhost:4343/webhooks", status_code: 500, error: null, duration_ms: 9, response_excerpt: "boom" },
        { url: "http://localhost:4444/webhooks", status_code: null, error: "ECONNREFUSED", duration_ms: 1 },
      ],
    });
    expect(res.body.data).toMatchObject({ status: "FAILED", attempt_count: 3, response_status: 500, error: "HTTP 500", response_excerpt: "boom", delivered_at: null, next_attempt_at: null });
    expect(res.body.data.attempts.map((a: any) => [a.status, a.response_status, a.error])).toEqual([
      ["SUCCESS", 200, null],
      ["FAILED", 500, "HTTP 500"],
      ["FAILED", null, "ECONNREFUSED"],
    ]);
    const twice = await report({ delivery_id: delivery.id, attempts: [{ url: "http://localhost:4242/webhooks", status_code: 200, error: null, duration_ms: 1 }] });
    expect([twice.status, twice.body.error.code]).toEqual([409, "LISTEN_DELIVERY_ALREADY_REPORTED"]);
    expect(await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id))).toHaveLength(3);
  });

  it("is 404 for a delivery that is not the session's", async () => {
    const { m, report } = await streamedDelivery();
    const other = await startSession(m.testKey);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db(), { merchantId: m.merchant.id });
    const [foreign] = await deliveriesOf(other.id);
    for (const id of [foreign.id, "whd_unknown"]) {
      const res = await report({ delivery_id: id, attempts: [{ url: "http://localhost:4242/", status_code: 200, error: null, duration_ms: 1 }] });
      expect([res.status, res.body.error.code]).toEqual([404, "WEBHOOK_LOG_NOT_FOUND"]);
    }
  });

  it("validates the attempts: 1 to 10, http(s) URLs, an error when no status came", async () => {
    const { delivery, report } = await streamedDelivery();
    const attempt = { url: "http://localhost:4242/webhooks", status_code: 200, error: null, duration_ms: 1 };
    const refused = [
      { delivery_id: delivery.id, attempts: [] },
      { delivery_id: delivery.id, attempts: Array(11).fill(attempt) },
      { delivery_id: delivery.id, attempts: [{ ...attempt, url: "ftp://localhost/x" }] },
      { delivery_id: delivery.id, attempts: [{ ...attempt, status_code: null }] },
      { delivery_id: delivery.id, attempts: [{ ...attempt, status_code: 99 }] },
      { attempts: [attempt] },
    ];
    for (const body of refused) expect((await report(body)).status).toBe(400);
    expect((await report({ delivery_id: delivery.id, attempts: Array(10).fill(attempt) })).body.data).toMatchObject({ status: "SUCCESS", attempt_count: 10 });
  });
});

describe("closing a session", () => {
  it("DELETE closes it: its pending deliveries FAILED, its stream ends, then 410", async () => {
    const m = await newMerchant();
    const session = await startSession(m.testKey);
    const stream = await openStream(m.testKey, session.id);
    await stream.next();
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    const { data } = await stream.nextDelivery();
    const closed = await api(m.testKey, "DELETE", `/v1/webhooks/listen-sessions/${session.id}`);
    expect(closed).toEqual({ status: 200, body: { success: true, data: { id: session.id, object: "listen_session", closed: true } } });
    expect(await withTimeout(stream.ended(), 8_000, "end of the stream")).toBe(true);
    const [delivery] = await deliveriesOf(session.id);
    expect(delivery).toMatchObject({ id: data.delivery_id, status: "FAILED", lastError: "listen session closed", nextAttemptAt: null });

    const again = await fetch(app.base + session.stream_url, { headers: { authorization: `Bearer ${m.testKey}` } });
    expect([again.status, ((await again.json()) as any).error.code]).toEqual([410, "LISTEN_SESSION_CLOSED"]);
    const report = await api(m.testKey, "POST", `/v1/webhooks/listen-sessions/${session.id}/results`, { delivery_id: delivery.id, attempts: [{ url: "http://localhost:4242/", status_code: 200, error: null, duration_ms: 1 }] });
    expect([report.status, report.body.error.code]).toEqual([410, "LISTEN_SESSION_CLOSED"]);
    // Closing again answers the same; the log stays readable.
    expect((await api(m.testKey, "DELETE", `/v1/webhooks/listen-sessions/${session.id}`)).status).toBe(200);
    expect((await api(m.testKey, "GET", `/v1/webhooks/logs/${delivery.id}`)).body.data).toMatchObject({ status: "FAILED", url: `listen://${session.id}` });
  });

  it("a session unseen for a minute is closed by the next fan-out, which gives it nothing more, and its stream is 410", async () => {
    const m = await newMerchant();
    const session = await startSession(m.testKey);
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db(), { merchantId: m.merchant.id });
    await db().update(webhookEndpoints).set({ lastSeenAt: sql`now() - interval '61 seconds'` }).where(eq(webhookEndpoints.id, session.id));
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db(), { merchantId: m.merchant.id });
    const deliveries = await deliveriesOf(session.id);
    expect(deliveries.map((d) => [d.status, d.lastError])).toEqual([["FAILED", "listen session closed"]]);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, session.id));
    expect(row.deletedAt).not.toBeNull();
    const res = await fetch(app.base + session.stream_url, { headers: { authorization: `Bearer ${m.testKey}` } });
    expect(res.status).toBe(410);
  });

  it("a stream asked for after a minute unseen is 410, and closes the session", async () => {
    const m = await newMerchant();
    const session = await startSession(m.testKey);
    await db().update(webhookEndpoints).set({ lastSeenAt: sql`now() - interval '61 seconds'` }).where(eq(webhookEndpoints.id, session.id));
    const res = await fetch(app.base + session.stream_url, { headers: { authorization: `Bearer ${m.testKey}` } });
    expect([res.status, ((await res.json()) as any).error.code]).toEqual([410, "LISTEN_SESSION_CLOSED"]);
    await waitFor(async () => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, session.id)))[0].deletedAt !== null);
  });
});
