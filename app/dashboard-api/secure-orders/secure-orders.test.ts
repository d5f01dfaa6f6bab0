import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as SIMULATE } from "@/app/v1/sandbox/secure-orders/[id]/simulate-payment/route";
import { db } from "@/db/client";
import { secureOrders, type Mode } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import * as cancel from "./[id]/cancel/route";
import * as detail from "./[id]/route";
import * as orders from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account({ enabled = true, name = "Boutique Escrow" } = {}) {
  const created = await signUp(db(), { email: `so-dash-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: name });
  if (enabled) await updateMerchant(db(), created.merchantId, { secureOrdersEnabled: true });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const as = (m: Mode = "test", extra: Record<string, string> = {}) => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: ORIGIN, ...extra });
  return { ...created, as };
}

type Account = Awaited<ReturnType<typeof account>>;

async function newOrder(a: Account) {
  const res = await call(orders.POST, "POST", "/dashboard-api/secure-orders", { body: { amount: 25_000, description: "Robe wax taille M", customer_phone: "+22376543210", customer_name: "Fanta" }, headers: a.as() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; reference: string };
}

const read = (a: Account, id: string, headers: Record<string, string> = a.as()) => call(detail.GET, "GET", `/dashboard-api/secure-orders/${id}`, { headers, params: { id } });
const cancelOrder = (a: Account, id: string, body: unknown = {}, headers: Record<string, string> = a.as()) =>
  call(cancel.POST, "POST", `/dashboard-api/secure-orders/${id}/cancel`, { body, headers, params: { id } });
const steps = (body: { data: { timeline: { step: string }[] } }) => body.data.timeline.map((s) => s.step);

describe("dashboard secure-order detail", () => {
  it("shows the order, its fees and links, and a timeline that follows payment and a refunding cancel", async () => {
    const a = await account();
    const order = await newOrder(a);
    const created = await read(a, order.id);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ id: order.id, status: "CREATED", amount: 25_000, customer_name: "Fanta", cancel_effect: "cancel", amount_merchant_net: null });
    expect(created.body.data.fee_total).toBeGreaterThan(0);
    expect(created.body.data.buyer_url).toMatch(/\/o\/[^/]+$/);
    expect(created.body.data.delivery_url).toMatch(/\/d\/[^/]+$/);
    expect(created.body.data.timeline).toEqual([{ step: "created", at: created.body.data.created_at, reason: null, automatic: null, resolution: null }]);

    const paid = await call(SIMULATE, "POST", `/v1/sandbox/secure-orders/${order.id}/simulate-payment`, { key: a.testKey, params: { id: order.id }, body: { outcome: "SUCCESS" } });
    expect(paid.body.data.status).toBe("PAID_HELD");
    const held = await read(a, order.id);
    expect(held.body.data).toMatchObject({ status: "PAID_HELD", cancel_effect: "refund" });
    expect(steps(held.body)).toEqual(["created", "paid"]);

    const refunded = await cancelOrder(a, order.id, { reason: "Article en rupture" });
    expect(refunded.body.data.status).toBe("REFUNDED");
    const closed = await read(a, order.id);
    expect(closed.body.data).toMatchObject({ status: "REFUNDED", cancel_effect: null });
    expect(closed.body.data.timeline).toEqual([
      expect.objectContaining({ step: "created" }),
      expect.objectContaining({ step: "paid" }),
      expect.objectContaining({ step: "refunded", reason: "Article en rupture", automatic: null }),
    ]);
    expect((await cancelOrder(a, order.id)).body.error.code).toBe("ORDER_NOT_CANCELLABLE");
  });

  it("names an automatic cancellation (unpaid before pay_before) instead of showing the API's English reason", async () => {
    const a = await account();
    const order = await newOrder(a);
    await db().update(secureOrders).set({ payBefore: new Date(Date.now() - 60_000) }).where(eq(secureOrders.id, order.id));
    const res = await read(a, order.id);
    expect(res.body.data).toMatchObject({ status: "CANCELLED", cancel_effect: null });
    expect(res.body.data.timeline.at(-1)).toMatchObject({ step: "cancelled", reason: null, automatic: "pay_before_passed" });
  });

  it("answers 404 for another merchant's order, the other mode's, and while the pilot is off", async () => {
    const a = await account();
    const b = await account({ name: "Autre boutique" });
    const off = await account({ enabled: false, name: "Sans pilote" });
    const order = await newOrder(a);
    const foreign = await read(b, order.id, b.as());
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("NOT_FOUND");
    expect((await cancelOrder(b, order.id, {}, b.as())).status).toBe(404);
    expect((await read(a, order.id, a.as("live"))).status).toBe(404);
    const disabled = await read(off, order.id, off.as());
    expect(disabled.status).toBe(404);
    expect(disabled.body.error.code).toBe("SECURE_ORDERS_DISABLED");
    expect((await read(a, order.id)).body.data.status).toBe("CREATED");
  });

  it("refuses a cancel without the dashboard's Origin (CSRF) and leaves the order open", async () => {
    const a = await account();
    const order = await newOrder(a);
    for (const headers of [{ cookie: a.as().cookie }, { cookie: a.as().cookie, origin: "https://evil.example" }, a.as("test", { "sec-fetch-site": "cross-site" })]) {
      const res = await cancelOrder(a, order.id, {}, headers);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("CSRF_REJECTED");
    }
    expect((await read(a, order.id)).body.data).toMatchObject({ status: "CREATED", cancel_effect: "cancel" });
    const cancelled = await cancelOrder(a, order.id, { reason: "Client injoignable" });
    expect(cancelled.body.data.status).toBe("CANCELLED");
    expect((await read(a, order.id)).body.data.timeline.at(-1)).toMatchObject({ step: "cancelled", reason: "Client injoignable" });
  });
});
