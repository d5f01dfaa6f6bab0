import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as confirm } from "@/app/v1/payments/[id]/confirm/route";
import { POST as advance } from "@/app/v1/sandbox/clock/advance/route";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { startReceiver } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { paymentActivity } from "./dashboard";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function pushed(m: Awaited<ReturnType<typeof newMerchant>>, phone: string) {
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: m.testKey,
    idempotencyKey: `timeline-${phone}-${Date.now()}`,
    body: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "https://shop.example.ml/merci" },
  });
  const id: string = created.body.data.id;
  const answer = await call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: phone }, headers: { "x-forwarded-for": `10.45.0.${Date.now() % 250}` } });
  expect(answer.status).toBe(200);
  return id;
}

describe("a payment's timeline (the detail page's paymentActivity)", () => {
  it("created, pushed with the operator's answer, the automatic check that found SUCCESS, the final state, and payment.success with its delivery", async () => {
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    await createEndpoint(ctx, { url: receiver.url, enabled_events: ["payment.success"] } as Parameters<typeof createEndpoint>[1]);
    const id = await pushed(m, "+22370000008");
    const res = await call(advance, "POST", "/v1/sandbox/clock/advance", { key: m.testKey, body: { seconds: 121 } });
    expect(res.status).toBe(200);

    const { entries } = await paymentActivity(await dashboardContext(db(), m.merchant, "test"), id);
    expect(entries.map((e) => e.kind)).toEqual(["created", "push", "check", "final", "event"]);
    expect(entries[1]).toMatchObject({ kind: "push", recorded: true, operator_status: "PENDING", error: null });
    expect(entries[2]).toMatchObject({ kind: "check", trigger: "scheduled", operator_status: "SUCCESS", action: "settled", answered: true });
    expect(entries[3]).toMatchObject({ kind: "final", status: "SUCCESS" });
    const event = entries[4];
    expect(event).toMatchObject({ kind: "event", type: "payment.success" });
    if (event?.kind !== "event") throw new Error("no event");
    expect(event.deliveries).toHaveLength(1);
    expect(event.deliveries[0]).toMatchObject({ url: receiver.url, status: "SUCCESS", attempt_count: 1, response_status: 200 });
    // Oldest first.
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort());
  });

  it("an unreachable operator at the push is on the timeline with its error; a pending payment has no final state", async () => {
    const m = await newMerchant();
    const id = await pushed(m, "+22370000006");
    const { entries } = await paymentActivity(await dashboardContext(db(), m.merchant, "test"), id);
    expect(entries.map((e) => e.kind)).toEqual(["created", "push"]);
    expect(entries[1]).toMatchObject({ kind: "push", recorded: true, operator_status: null });
    expect(entries[1]!.kind === "push" && entries[1]!.error).toMatch(/503/);
  });

  it("another merchant's payment is NOT_FOUND", async () => {
    const m = await newMerchant();
    const id = await pushed(m, "+22370000003");
    await expect(paymentActivity(await dashboardContext(db(), (await newMerchant()).merchant, "test"), id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
