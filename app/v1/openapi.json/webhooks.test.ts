import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/v1/openapi-document";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulate } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { POST as createEndpoint } from "@/app/v1/webhooks/endpoints/route";
import { POST as sendTest } from "@/app/v1/webhooks/test/route";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import { runBillingCycle } from "@/lib/billing/cycle";
import { eventBody } from "@/lib/webhooks/body";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { createWebhookValidator } from "@/lib/http/openapi/validate";

const { document } = openApiDocument();
type Operation = { operationId: string; parameters: { $ref: string }[]; requestBody: { content: { "application/json": { schema: { properties: Record<string, { const?: string }>; required: string[] } } } } };
const operationOf = (type: string) => (document.webhooks![type] as { post: Operation }).post;

describe("the OpenAPI document's webhooks", () => {
  it("documents every catalogued event type: its body (type, event, version v1, data) and the headers of both schemes", () => {
    expect(Object.keys(document.webhooks ?? {})).toEqual([...EVENT_TYPES]);
    const headerNames = (op: Operation) => op.parameters.map((p) => (document.components.parameters![p.$ref.split("/").pop()!] as { name: string }).name);
    for (const type of EVENT_TYPES) {
      const op = operationOf(type);
      const body = op.requestBody.content["application/json"].schema;
      expect(body.properties.type.const, type).toBe(type);
      expect(body.properties.event.const, type).toBe(type);
      expect(body.properties.version.const, type).toBe("v1");
      expect(body.required, type).toEqual(expect.arrayContaining(["id", "type", "event", "version", "timestamp", "livemode", "data"]));
      expect(headerNames(op), type).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature", "X-Service-Signature", "X-Service-Event-ID", "X-Service-Timestamp"]);
    }
    expect(new Set(EVENT_TYPES.map((t) => operationOf(t).operationId)).size).toBe(EVENT_TYPES.length);
  });

  it("the bodies sent for real events match their documented schema; the former {object} shape does not", async () => {
    const m = await newMerchant();
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: "oas-webhooks-1",
      body: { amount: 2_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000003", return_url: "https://shop.example.ml/merci", metadata: { order_id: "CMD-1" } },
    });
    const id = created.body.data.id as string;
    await call(simulate, "POST", `/v1/sandbox/payments/${id}/simulate`, { key: m.testKey, params: { id }, body: { outcome: "FAILED" } });
    const plan = (await call(createPlan, "POST", "/v1/billing/plans", { key: m.testKey, body: { name: "Mensuel", amount: 3_000, interval: "MONTHLY" } })).body.data;
    await call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.testKey, body: { plan_id: plan.id, customer_phone: "+22370000001" } });
    await runBillingCycle(db(), { merchantId: m.merchant.id });
    await call(createEndpoint, "POST", "/v1/webhooks/endpoints", { key: m.testKey, body: { url: "https://hooks.example.ml/cauri" } });
    expect((await call(sendTest, "POST", "/v1/webhooks/test", { key: m.testKey, body: {} })).status).toBe(200);

    const rows = await db().select().from(events).where(eq(events.merchantId, m.merchant.id)).orderBy(events.id);
    const bodies = rows.map((r) => JSON.parse(eventBody(r.payload)));
    expect(bodies.map((b) => b.type)).toEqual(["payment.failed", "subscription.created", "subscription.payment_due", "payment.success", "subscription.renewed", "webhook.test"]);
    const check = createWebhookValidator(document);
    for (const body of bodies) expect(check(body)).toEqual({ ok: true, operation: `webhook ${body.type}` });
    expect(check({ ...bodies[0], data: { object: bodies[0].data } }).ok).toBe(false);
  });
});
