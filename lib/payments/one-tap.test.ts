import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { POST as createLink } from "@/app/v1/payment-links/route";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { startLinkCheckout } from "@/lib/links/checkout";
import { operatorLabel } from "@/lib/operator/port";
import { checkoutView, confirmPayment } from "@/lib/payments/checkout";
import { resendPayment } from "@/lib/payments/resend";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

let seq = 0;
const createFor = async (phone = "+22376554433") => {
  const m = await newMerchant({ name: "Boutique Awa" });
  const res = await call(create, "POST", "/v1/payments", { key: m.testKey, body: { amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "https://shop.example.ml/merci" }, idempotencyKey: `one-tap-${++seq}` });
  expect(res.status).toBe(201);
  return { m, id: res.body.data.id as string };
};
const rowOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const paymentsOf = async (merchantId: string) => db().select().from(payments).where(eq(payments.merchantId, merchantId));

afterEach(() => {
  delete process.env.OPERATOR_RESEND_SECONDS;
});

describe("one tap: the number the payment carries", () => {
  it("an API payment's customer_phone is shown masked and pushed by confirming without a number, once", async () => {
    const { m, id } = await createFor();
    const view = await checkoutView(db(), id);
    expect(view.maskedPhone).toBe("+223 76 •• •• 33");
    expect(JSON.stringify(view)).not.toContain("76554433");
    const answers = await Promise.all([confirmPayment(db(), id, null), confirmPayment(db(), id, null), confirmPayment(db(), id, null)]);
    const row = await rowOf(id);
    expect(row.initiatedAt).not.toBeNull();
    expect(row.operatorSessionId).toBe(`sim_${id}`);
    expect(new Set(answers.map((a) => a.initiated_at))).toEqual(new Set([row.initiatedAt!.toISOString()]));
    expect(await paymentsOf(m.merchant.id)).toHaveLength(1);
  });

  it("a typed number must still be the payment's (PHONE_MISMATCH pushes nothing)", async () => {
    const { id } = await createFor();
    await expect(confirmPayment(db(), id, "70 00 00 01")).rejects.toMatchObject({ code: "PHONE_MISMATCH" });
    expect((await rowOf(id)).initiatedAt).toBeNull();
    expect((await confirmPayment(db(), id, "76 55 44 33")).initiated_at).not.toBeNull();
  });

  it("the number typed on a link page is the one its payment carries, pushed with the same tap", async () => {
    const m = await newMerchant({ name: "Coopérative" });
    const link = await call(createLink, "POST", "/v1/payment-links", { key: m.testKey, body: { name: "Panier", amount: 2_000 } });
    expect(link.status).toBe(201);
    const started = await db().transaction((tx) => startLinkCheckout(tx as unknown as ReturnType<typeof db>, link.body.data.slug, { customer_phone: "+22376554433" }));
    const pushed = await confirmPayment(db(), started.payment_id, "76 55 44 33");
    expect(pushed).toMatchObject({ status: "PENDING", initiated_at: expect.any(String) });
    expect((await checkoutView(db(), started.payment_id)).maskedPhone).toBe("+223 76 •• •• 33");
    expect(await paymentsOf(m.merchant.id)).toHaveLength(1);
  });

  it("a payment that ended is answered as it is, nothing pushed", async () => {
    const { id } = await createFor("+22370000002");
    expect((await confirmPayment(db(), id, null)).status).toBe("FAILED");
    expect((await confirmPayment(db(), id, null)).status).toBe("FAILED");
  });
});

describe("the checkout's view of the operator", () => {
  it("shows the label initiation sends and the seconds left", async () => {
    const { id } = await createFor();
    const view = await checkoutView(db(), id);
    expect(view.operatorLabel).toBe(operatorLabel("Boutique Awa"));
    expect(view.operatorLabel).toBe("CAURI*Boutique Awa");
    expect(view.secondsLeft).toBeGreaterThan(14 * 60);
    expect(view.secondsLeft).toBeLessThanOrEqual(15 * 60);
    // No resend before the first push.
    expect(view.resendWait).toBeNull();
  });
});

describe("resend: the same payment pushed again, bounded", () => {
  it("waits the interval after the push, then re-initiates the same payment once per interval, never a second payment", async () => {
    const { m, id } = await createFor();
    await confirmPayment(db(), id, null);
    const pushed = await rowOf(id);
    expect((await checkoutView(db(), id)).resendWait).toBe(60);

    // Within the interval: refused with the wait, nothing changes.
    const early = await resendPayment(db(), id);
    expect(early).toMatchObject({ result: "too_soon", waitSeconds: 60 });
    expect((await rowOf(id)).updatedAt).toEqual(pushed.updatedAt);

    // One second short of the interval: still too soon (edge).
    await advanceTestClock(db(), m.merchant.id, 59);
    expect(await resendPayment(db(), id)).toMatchObject({ result: "too_soon", waitSeconds: 1 });

    // At the interval: concurrent taps push once.
    await advanceTestClock(db(), m.merchant.id, 1);
    expect((await checkoutView(db(), id)).resendWait).toBe(0);
    const taps = await Promise.all([resendPayment(db(), id), resendPayment(db(), id), resendPayment(db(), id)]);
    expect(taps.filter((t) => t.result === "resent")).toHaveLength(1);
    expect(taps.filter((t) => t.result === "too_soon")).toHaveLength(2);

    const after = await rowOf(id);
    expect(after).toMatchObject({ status: "PENDING", initiatedAt: pushed.initiatedAt, operatorSessionId: pushed.operatorSessionId });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(pushed.updatedAt.getTime() + 60_000);
    expect(await resendPayment(db(), id)).toMatchObject({ result: "too_soon", waitSeconds: 60 });
    expect(await paymentsOf(m.merchant.id)).toHaveLength(1);
  });

  it("is not offered before the first push, after the payment ended, or when the operator does not push again", async () => {
    const { m, id } = await createFor();
    expect(await resendPayment(db(), id)).toMatchObject({ result: "unavailable", waitSeconds: null });
    expect((await rowOf(id)).initiatedAt).toBeNull();

    await confirmPayment(db(), id, null);
    await advanceTestClock(db(), m.merchant.id, 60);
    process.env.OPERATOR_RESEND_SECONDS = "0";
    expect(await resendPayment(db(), id)).toMatchObject({ result: "unavailable" });
    expect((await checkoutView(db(), id)).resendWait).toBeNull();

    delete process.env.OPERATOR_RESEND_SECONDS;
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    expect(await resendPayment(db(), id)).toMatchObject({ result: "unavailable", payment: { status: "EXPIRED" } });
    expect(await db().select().from(payments).where(and(eq(payments.merchantId, m.merchant.id), eq(payments.status, "PENDING")))).toHaveLength(0);
  });
});
