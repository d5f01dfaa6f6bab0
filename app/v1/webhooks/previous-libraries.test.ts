import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/v1/openapi-document";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulate } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { POST as rollSecret } from "@/app/v1/webhooks/endpoints/[id]/roll-secret/route";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import { runBillingCycle } from "@/lib/billing/cycle";
import { createWebhookValidator } from "@/lib/http/openapi/validate";
import { deliverDue } from "@/lib/webhooks/deliver";
import type { DeliveryPolicy } from "@/lib/webhooks/policy";
import { endpointFor, merchantContext, startReceiver, waitFor, type Received } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";

const policy: DeliveryPolicy = { schedule: [0, 50, 50], timeoutMs: 2_000, allowPrivateTargets: true };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  cleanups.push(r.close);
  return r;
}

let checkWebhook: ReturnType<typeof createWebhookValidator> | undefined;
/** The body is what the OpenAPI document's `webhooks` promise for its type. */
function expectDocumented(body: Record<string, unknown>) {
  checkWebhook ??= createWebhookValidator(openApiDocument().document);
  const result = checkWebhook(body);
  if (!result.ok) throw new Error(result.reason);
}

/**
 * Removes fields from an event already in the outbox, as if it had been emitted before they
 * existed: the outbox is never rewritten by the service, so this is what such a row holds.
 */
async function storedWithout(eventType: string, objectId: string, fields: string[]) {
  const [row] = await db().select().from(events).where(eq(events.objectId, objectId)).orderBy(sql`${events.id} desc`).limit(1);
  expect(row.type).toBe(eventType);
  const object = Object.fromEntries(Object.entries(row.payload.data.object).filter(([k]) => !fields.includes(k)));
  await db().update(events).set({ payload: { ...row.payload, data: { object } } }).where(eq(events.id, row.id));
  return row.id;
}

async function paidPayment(m: Awaited<ReturnType<typeof merchantContext>>) {
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: m.testKey,
    idempotencyKey: crypto.randomUUID(),
    body: { amount: 7_500, provider: "OPERATOR_MONEY", customer: { phone: "+22376000003", name: "Awa Traoré" }, return_url: "https://shop.example.ml/merci", metadata: { order_id: "CMD-2041" } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  expect((await call(simulate, "POST", `/v1/sandbox/payments/${id}/simulate`, { key: m.testKey, params: { id }, body: { outcome: "SUCCESS" } })).status).toBe(200);
  return created.body.data as { id: string; reference_id: string };
}

describe("payment events as the previous service's webhook handlers read them", () => {
  it("payment.success carries reference_id (= id) and customer {phone, name, email}: the order stored by reference_id at creation is found", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url, { enabled_events: ["payment.success"] });
    const payment = await paidPayment(m);
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const [got] = r.received;
    const event = new Webhook(endpoint.secret).verify(got.body, got.headers) as Record<string, any>;
    expectDocumented(event);
    // The PHP library's getReferenceId(), the Python guide's event.data.reference_id.
    expect(event.data.reference_id).toBe(payment.reference_id);
    expect(event.data.customer).toEqual({ phone: "+22376000003", name: "Awa Traoré", email: null });
    const keyed = await call(getPayment, "GET", `/v1/payments/${payment.id}`, { key: m.testKey, params: { id: payment.id } });
    expect(event.data).toEqual(keyed.body.data);
  });

  it("an event stored before reference_id and customer existed is delivered with them, the same bytes on every attempt", async () => {
    const r = await receiver((n) => ({ status: n === 1 ? 503 : 200 }));
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url, { enabled_events: ["payment.success"] });
    const payment = await paidPayment(m);
    const eventId = await storedWithout("payment.success", payment.id, ["reference_id", "customer"]);
    await waitFor(async () => {
      await deliverDue(db(), { merchantId: m.merchant.id, policy });
      return r.received.length >= 2;
    });
    const [first, second] = r.received;
    expect(second.body).toBe(first.body);
    const event = new Webhook(endpoint.secret).verify(second.body, second.headers) as Record<string, any>;
    expect(event.id).toBe(eventId);
    expectDocumented(event);
    expect(event.data).toMatchObject({ id: payment.id, reference_id: payment.id, customer: { phone: "+22376000003", name: "Awa Traoré", email: null } });
    // The stored row is left as it was.
    const [row] = await db().select().from(events).where(eq(events.id, eventId));
    expect(row.payload.data.object).not.toHaveProperty("reference_id");
  });
});

describe("subscription.payment_due as the previous service's guide reads it", () => {
  async function dueEvent(strip: string[] = []) {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url, { enabled_events: ["subscription.payment_due"] });
    const plan = (await call(createPlan, "POST", "/v1/billing/plans", { key: m.testKey, body: { name: "Box hebdo", amount: 4_000, interval: "WEEKLY" } })).body.data;
    const sub = (await call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.testKey, body: { plan_id: plan.id, customer_phone: "+22376000003" } })).body.data;
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    if (strip.length) await storedWithout("subscription.payment_due", sub.id, strip);
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const [got] = r.received;
    const event = new Webhook(endpoint.secret).verify(got.body, got.headers) as Record<string, any>;
    expectDocumented(event);
    return { sub, data: event.data };
  }

  it("carries subscription_id, billing_date, expires_at and payment_link_id beside today's fields", async () => {
    const { sub, data } = await dueEvent();
    expect(data).toMatchObject({
      id: sub.id,
      subscription_id: sub.id,
      period_start: sub.next_billing_date,
      billing_date: sub.next_billing_date,
      expires_at: data.payment_expires_at,
      payment_link_id: data.payment_id,
    });
    expect(data.payment_id).toMatch(/^txn_/);
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(new Date(data.billing_date).getTime());
  });

  it("an event stored before those fields existed is delivered with them", async () => {
    const { sub, data } = await dueEvent(["subscription_id", "billing_date", "expires_at", "payment_link_id"]);
    expect(data).toMatchObject({ subscription_id: sub.id, billing_date: sub.next_billing_date, expires_at: data.payment_expires_at, payment_link_id: data.payment_id });
  });
});

/**
 * The previous service's libraries split the signature header and keep its last entry only:
 * `v1=` of X-Service-Signature (JavaScript, PHP) or `v1,` of webhook-signature (Python).
 */
const lastOnly = {
  "X-Service-Signature, last v1= only": (got: Received, secret: string) => {
    const parts = got.headers["x-service-signature"].split(",");
    const t = parts.find((p) => p.startsWith("t="))!.slice(2);
    const last = parts.filter((p) => p.startsWith("v1=")).at(-1)!.slice(3);
    const expected = createHmac("sha256", secret).update(`${t}.${got.body}`).digest("hex");
    return last.length === expected.length && timingSafeEqual(Buffer.from(last), Buffer.from(expected));
  },
  "webhook-signature, last v1, only": (got: Received, secret: string) => {
    const last = got.headers["webhook-signature"].split(" ").at(-1)!;
    try {
      new Webhook(secret).verify(got.body, { ...got.headers, "webhook-signature": last });
      return true;
    } catch {
      return false;
    }
  },
};
const everySignature = (got: Received, secret: string) => {
  try {
    new Webhook(secret).verify(got.body, got.headers);
    return true;
  } catch {
    return false;
  }
};

describe("a secret roll with a grace period, for the previous service's libraries", () => {
  it("puts the new secret's signature last in both headers: a library that keeps the last one verifies with the new secret at once; Standard Webhooks verifies with either", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    const rolled = await call(rollSecret, "POST", `/v1/webhooks/endpoints/${endpoint.id}/roll-secret`, { key: m.testKey, params: { id: endpoint.id }, body: { grace_period_seconds: 3_600 } });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const newSecret = rolled.body.data.secret as string;
    await paidPayment(m);
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const [got] = r.received;
    expect(got.headers["x-service-signature"].split(",").filter((p) => p.startsWith("v1="))).toHaveLength(2);
    expect(got.headers["webhook-signature"].split(" ")).toHaveLength(2);

    for (const [name, verify] of Object.entries(lastOnly)) {
      expect(verify(got, newSecret), `${name}: the new secret`).toBe(true);
      expect(verify(got, endpoint.secret), `${name}: the previous secret`).toBe(false);
    }
    expect(everySignature(got, newSecret), "standardwebhooks: the new secret").toBe(true);
    expect(everySignature(got, endpoint.secret), "standardwebhooks: the previous secret").toBe(true);
  });

  it("without a grace period there is one signature, the new secret's", async () => {
    const r = await receiver();
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    const rolled = await call(rollSecret, "POST", `/v1/webhooks/endpoints/${endpoint.id}/roll-secret`, { key: m.testKey, params: { id: endpoint.id }, body: {} });
    await paidPayment(m);
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const [got] = r.received;
    expect(got.headers["webhook-signature"].split(" ")).toHaveLength(1);
    for (const [name, verify] of Object.entries(lastOnly)) expect(verify(got, rolled.body.data.secret), name).toBe(true);
    expect(everySignature(got, endpoint.secret)).toBe(false);
  });
});
