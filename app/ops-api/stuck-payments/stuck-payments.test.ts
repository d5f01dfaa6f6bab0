import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { POST as confirm } from "@/app/v1/payments/[id]/confirm/route";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { createEnrolledStaffUser } from "@/tests/support/two-factor";
import * as stuck from "./route";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "mot de passe solide";
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@example.ml`;

async function staffHeaders() {
  const { user } = await createEnrolledStaffUser(db(), { email: email("staff"), password: PASSWORD });
  return { cookie: await mintSessionCookie(user), origin: ORIGIN };
}

/** A test payment for `phone`, confirmed (pushed) on the checkout unless `push` is false. */
async function payment(m: Awaited<ReturnType<typeof newMerchant>>, phone: string, push = true) {
  const created = await call(create, "POST", "/v1/payments", {
    key: m.testKey,
    idempotencyKey: `stuck-${++seq}-${Date.now()}`,
    body: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "https://shop.example.ml/merci" },
  });
  const id: string = created.body.data.id;
  if (push) await call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: phone }, headers: { "x-forwarded-for": `10.46.0.${seq % 250}` } });
  return id;
}

const list = async (headers: Record<string, string>, merchantId: string) => {
  const res = await call(stuck.GET, "GET", `/ops-api/stuck-payments?merchant_id=${merchantId}`, { headers });
  expect(res.status).toBe(200);
  return res.body.data as { payment_id: string; reasons: string[]; amount: number; merchant_id: string; merchant_name: string; last_check: { kind: string; error: string | null } | null }[];
};

describe("GET /ops-api/stuck-payments", () => {
  it("lists every merchant's without merchant_id; an empty merchant_id is 400", async () => {
    const m = await newMerchant();
    const id = await payment(m, "+22370000006");
    const headers = await staffHeaders();
    const res = await call(stuck.GET, "GET", "/ops-api/stuck-payments", { headers });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect((await list(headers, m.merchant.id)).map((r) => r.payment_id)).toEqual([id]);
    expect((await call(stuck.GET, "GET", "/ops-api/stuck-payments?merchant_id=", { headers })).status).toBe(400);
  });

  it("is staff only: a merchant session 404, no session 401", async () => {
    const created = await signUp(db(), { email: email("merchant"), password: PASSWORD, businessName: "Boutique curieuse" });
    const merchantHeaders = { cookie: await mintSessionCookie((await getUser(db(), created.userId))!), origin: ORIGIN };
    expect((await call(stuck.GET, "GET", "/ops-api/stuck-payments", { headers: merchantHeaders })).status).toBe(404);
    expect((await call(stuck.GET, "GET", "/ops-api/stuck-payments")).status).toBe(401);
  });

  it("lists a payment whose push found the operator unreachable, with its merchant, amount and last request", async () => {
    const m = await newMerchant({ name: "Boutique Bloquée" });
    const id = await payment(m, "+22370000006");
    const row = (await list(await staffHeaders(), m.merchant.id)).find((r) => r.payment_id === id);
    expect(row).toMatchObject({ merchant_id: m.merchant.id, merchant_name: "Boutique Bloquée", amount: 12_500, reasons: ["operator_unreachable"], last_check: { kind: "push" } });
    expect(row!.last_check!.error).toMatch(/503/);
  });

  it("lists a pushed payment with no answer 30 minutes after the push, not at 29; and one still PENDING past expires_at", async () => {
    const m = await newMerchant();
    const id = await payment(m, "+22370000003");
    // A long life, so the 30 minutes come before the expiry.
    const [p] = await db().select().from(payments).where(eq(payments.id, id));
    await db().update(payments).set({ expiresAt: new Date(p!.initiatedAt!.getTime() + 3600_000) }).where(eq(payments.id, id));
    const headers = await staffHeaders();
    await advanceTestClock(db(), m.merchant.id, 29 * 60);
    expect((await list(headers, m.merchant.id)).some((r) => r.payment_id === id)).toBe(false);
    await advanceTestClock(db(), m.merchant.id, 60);
    expect((await list(headers, m.merchant.id)).find((r) => r.payment_id === id)?.reasons).toEqual(["no_answer"]);

    // Past expires_at with no sweep run yet (the sweep would expire it): listed too.
    const late = await payment(m, "+22370000009", false);
    await db().update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.id, late));
    expect((await list(headers, m.merchant.id)).find((r) => r.payment_id === late)).toMatchObject({ reasons: ["past_expiry"], last_check: null });
  });

  it("does not list an ordinary pending payment or an ended one", async () => {
    const m = await newMerchant();
    const waiting = await payment(m, "+22370000003");
    const paid = await payment(m, "+22370000001");
    const ids = (await list(await staffHeaders(), m.merchant.id)).map((r) => r.payment_id);
    expect(ids).not.toContain(waiting);
    expect(ids).not.toContain(paid);
  });
});
