import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulate } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import { call } from "@/tests/support/http";
import { deliverDue } from "@/lib/webhooks/deliver";
import { rollEndpointSecret } from "@/lib/webhooks/endpoints";
import type { DeliveryPolicy } from "@/lib/webhooks/policy";
import { emitTestEvent, endpointFor, merchantContext, startReceiver, type Received } from "@/lib/webhooks/test-support";

const policy: DeliveryPolicy = { schedule: [0, 50, 50], timeoutMs: 2_000, allowPrivateTargets: true };
const REPLAY_WINDOW_SECONDS = 300;

/**
 * The previous service's verification, written from its description alone: `X-Service-Signature:
 * t=<unix seconds>,v1=<hex>`, hex HMAC-SHA256 of "{t}.{raw body}" keyed with the secret string as
 * shown (UTF-8 bytes of the whole `whsec_…`), any v1 may match, t within 5 minutes of now.
 */
function verifyServiceSignature(body: string, headers: Record<string, string>, secret: string): Record<string, unknown> {
  const fields = headers["x-service-signature"].split(",").map((part) => part.split("=", 2) as [string, string]);
  const t = Number(fields.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > REPLAY_WINDOW_SECONDS) throw new Error("timestamp outside the replay window");
  const expected = Buffer.from(createHmac("sha256", Buffer.from(secret, "utf8")).update(`${t}.${body}`, "utf8").digest("hex"));
  const matches = fields.filter(([k]) => k === "v1").some(([, v]) => v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
  if (!matches) throw new Error("no v1 signature matches");
  return JSON.parse(body);
}

const verifiers = {
  "standardwebhooks package": (got: Received, secret: string) => new Webhook(secret).verify(got.body, got.headers) as Record<string, unknown>,
  "X-Service-Signature (node:crypto)": (got: Received, secret: string) => verifyServiceSignature(got.body, got.headers, secret),
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function receiver() {
  const r = await startReceiver();
  cleanups.push(r.close);
  return r;
}

describe("deliveries verifiable by the previous service's libraries and by Standard Webhooks", () => {
  it("a real payment.success: both schemes verify the exact bytes; the body is {id, type, event, version, timestamp, livemode, data: the payment}", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url, { enabled_events: ["payment.success"] });
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: "compat-1",
      body: { amount: 7_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000003", return_url: "https://shop.example.ml/merci", metadata: { order_id: "CMD-2041" } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as string;
    expect((await call(simulate, "POST", `/v1/sandbox/payments/${id}/simulate`, { key: m.testKey, params: { id }, body: { outcome: "SUCCESS" } })).status).toBe(200);
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    expect(r.received).toHaveLength(1);
    const [got] = r.received;

    for (const [name, verify] of Object.entries(verifiers)) expect(verify(got, endpoint.secret), name).toEqual(JSON.parse(got.body));
    const event = JSON.parse(got.body);
    const keyed = await call(getPayment, "GET", `/v1/payments/${id}`, { key: m.testKey, params: { id } });
    expect(Object.keys(event)).toEqual(["id", "type", "event", "version", "timestamp", "livemode", "data"]);
    expect(event).toMatchObject({ type: "payment.success", event: "payment.success", version: "v1", livemode: false });
    expect(event.data).toMatchObject({ id, status: "SUCCESS", amount: 7_500, provider: "OPERATOR_MONEY", customer_phone: "+22376000003", metadata: { order_id: "CMD-2041" } });
    // The same object the API returns for the payment.
    expect(event.data).toEqual(keyed.body.data);

    // One event id and one time in both schemes' headers.
    const t = got.headers["webhook-timestamp"];
    expect(got.headers["webhook-id"]).toBe(event.id);
    expect(got.headers["x-service-event-id"]).toBe(event.id);
    expect(got.headers["x-service-timestamp"]).toBe(t);
    expect(got.headers["x-service-signature"]).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));

    // The outbox row keeps the shape it was written in ({data: {object}}): converted when sent, nothing rewritten.
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row.payload.data.object).toEqual(event.data);
  });

  it("each verifier refuses another secret, a tampered body and a delivery older than 5 minutes", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    const other = await endpointFor(m.ctx, "https://hooks.example.ml/other", { enabled: false });
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const [got] = r.received;
    const tampered = { ...got, body: got.body.replace('"amount":1500', '"amount":9500') };
    expect(tampered.body).not.toBe(got.body);

    for (const [name, verify] of Object.entries(verifiers)) {
      expect(() => verify(got, endpoint.secret), name).not.toThrow();
      expect(() => verify(got, other.secret), `${name}: another endpoint's secret`).toThrow();
      expect(() => verify(tampered, endpoint.secret), `${name}: tampered body`).toThrow();
    }
    vi.useFakeTimers({ toFake: ["Date"] });
    cleanups.push(async () => {
      vi.useRealTimers();
    });
    vi.setSystemTime(Date.now() + (REPLAY_WINDOW_SECONDS + 60) * 1000);
    for (const [name, verify] of Object.entries(verifiers)) expect(() => verify(got, endpoint.secret), `${name}: 6 minutes later`).toThrow();
  });

  it("during a secret roll's grace period both schemes carry one signature per secret, and each secret verifies", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    const rolled = await db().transaction((tx) => rollEndpointSecret({ ...m.ctx, db: tx as never }, endpoint.id, 3_600));
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const [got] = r.received;
    expect(got.headers["x-service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(got.headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const [name, verify] of Object.entries(verifiers)) {
      expect(() => verify(got, endpoint.secret), `${name}: previous secret`).not.toThrow();
      expect(() => verify(got, rolled.secret), `${name}: new secret`).not.toThrow();
    }
  });
});
