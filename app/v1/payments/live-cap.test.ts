import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/v1/payments/route";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { settlePayment } from "@/lib/payments/settle";
import { call } from "@/tests/support/http";
import { newLiveMerchant } from "@/tests/support/merchant";

// The live monthly cap reserves what can still be collected (docs/decisions/plans.md, "Decisions: monthly live volume cap").
const valid = { amount: 50_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
let seq = 0;
const create = (key: string, amount: number) => call(POST, "POST", "/v1/payments", { key, body: { ...valid, amount }, idempotencyKey: `cap-${++seq}` });
const burst = (key: string, amount: number, n = 10) => Promise.all(Array.from({ length: n }, () => create(key, amount)));
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const livePayments = (merchantId: string) => db().select().from(payments).where(and(eq(payments.merchantId, merchantId), eq(payments.mode, "live")));

describe("live monthly cap under concurrent creations", () => {
  it("lets exactly 4 of 10 concurrent 50,000 live payments through a fresh Pro merchant's 200,000 cap", async () => {
    const m = await newLiveMerchant({ platformPlan: "pro" });
    const answers = await burst(m.liveKey, 50_000);
    expect(statuses(answers)).toEqual([...Array(4).fill(201), ...Array(6).fill(403)]);
    for (const refused of answers.filter((a) => a.status === 403)) expect(refused.body.error.code).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
    const rows = await livePayments(m.merchant.id);
    expect(rows.map((p) => p.status)).toEqual(Array(4).fill("PENDING"));
    expect(rows.reduce((sum, p) => sum + p.amount, 0)).toBe(200_000);
  });

  it("never collects more than the cap: 5 concurrent 150,000 payments, one created", async () => {
    const m = await newLiveMerchant({ platformPlan: "pro" });
    const answers = await burst(m.liveKey, 150_000, 5);
    expect(statuses(answers)).toEqual([201, 403, 403, 403, 403]);
    const created = answers.find((a) => a.status === 201)!;
    expect(created.body.data.amount).toBe(150_000);
  });

  it("releases a reservation when its payment fails, expires or is cancelled; a success keeps counting", async () => {
    const m = await newLiveMerchant({ platformPlan: "pro" });
    const ids = (await burst(m.liveKey, 50_000)).filter((a) => a.status === 201).map((a) => a.body.data.id as string);
    expect(ids).toHaveLength(4);
    const full = await create(m.liveKey, 50_000);
    expect([full.status, full.body.error.code]).toEqual([403, "PLAN_MONTHLY_VOLUME_EXCEEDED"]);
    expect(full.body.error.message).toContain("200000 FCFA in pending payments");

    // Collected money stays counted.
    await settlePayment(db(), ids[0], { status: "SUCCESS" });
    expect((await create(m.liveKey, 50_000)).status).toBe(403);

    for (const [i, status] of [[1, "FAILED"], [2, "EXPIRED"], [3, "CANCELLED"]] as const) {
      await settlePayment(db(), ids[i], { status });
      const again = await burst(m.liveKey, 50_000, 3);
      expect(statuses(again)).toEqual([201, 403, 403]);
    }
  });

  it("frees the room of a payment past expires_at that was never pushed; a pushed one holds it until it ends", async () => {
    const m = await newLiveMerchant({ platformPlan: "pro" });
    const [a, b] = [(await create(m.liveKey, 100_000)).body.data.id, (await create(m.liveKey, 100_000)).body.data.id];
    const past = new Date(Date.now() - 60_000);
    await db().update(payments).set({ expiresAt: past }).where(eq(payments.id, a));
    // `b`'s push was sent: the operator's SUCCESS is still accepted until the expiry sweep ends it.
    await db().update(payments).set({ expiresAt: past, initiatedAt: past }).where(eq(payments.id, b));
    expect(statuses(await burst(m.liveKey, 100_000, 3))).toEqual([201, 403, 403]);
    await settlePayment(db(), b, { status: "EXPIRED" });
    expect(statuses(await burst(m.liveKey, 100_000, 3))).toEqual([201, 403, 403]);
  });

  it("does not cap Business, nor any test key", async () => {
    const business = await newLiveMerchant({ platformPlan: "business" });
    expect(statuses(await burst(business.liveKey, 150_000))).toEqual(Array(10).fill(201));
    const pro = await newLiveMerchant({ platformPlan: "pro" });
    expect(statuses(await burst(pro.testKey, 5_000_000))).toEqual(Array(10).fill(201));
    // Test-mode payments reserve nothing either.
    expect((await create(pro.liveKey, 200_000)).status).toBe(201);
  });
});
