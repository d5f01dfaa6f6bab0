import { describe, expect, it } from "vitest";
import { PATCH as patchPlan } from "@/app/v1/billing/plans/[id]/route";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { GET as publicPlan } from "@/app/v1/public/plans/[id]/route";
import { GET as publicPlans } from "@/app/v1/public/plans/route";
import { db } from "@/db/client";
import { updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

const planOf = async (key: string, body: Record<string, unknown>) => {
  const res = await call(createPlan, "POST", "/v1/billing/plans", { key, body });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
};
const plansOf = (query: string) => call(publicPlans, "GET", `/v1/public/plans?${query}`);
const planById = (id: string, query = "") => call(publicPlan, "GET", `/v1/public/plans/${id}${query}`, { params: { id } });
const idsOf = (res: { body: { data: { plans: { id: string }[] } } }) => res.body.data.plans.map((p) => p.id);

describe("GET /v1/public/plans?merchant_id=", () => {
  it("answers {merchant: {id, name}, plans} with each plan's interval_label, features and checkout_url, without a key", async () => {
    const m = await newLiveMerchant({ name: "Jardin de Kati" });
    const weekly = await planOf(m.liveKey, { name: "Panier", amount: 5_000, interval: "WEEKLY", description: "Légumes du jardin" });
    const monthly = await planOf(m.liveKey, { name: "Grand panier", amount: 18_000, interval: "MONTHLY" });
    const res = await plansOf(`merchant_id=${m.merchant.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.merchant).toEqual({ id: m.merchant.id, name: "Jardin de Kati" });
    expect(res.body.data.plans).toEqual([
      expect.objectContaining({ id: weekly.id, name: "Panier", description: "Légumes du jardin", amount: 5_000, currency: "XOF", interval: "WEEKLY", interval_label: "weekly", features: [], checkout_url: null, livemode: true, is_active: true }),
      expect.objectContaining({ id: monthly.id, interval: "MONTHLY", interval_label: "monthly", features: [], checkout_url: null }),
    ]);
    expect(res.body.data.plans[0]).not.toHaveProperty("subscriber_count");
  });

  it("shows live plans only, cheapest first and active only; test plans only with mode=test", async () => {
    const m = await newLiveMerchant();
    const liveDear = await planOf(m.liveKey, { name: "Live cher", amount: 9_000, interval: "WEEKLY" });
    const liveCheap = await planOf(m.liveKey, { name: "Live", amount: 1_000, interval: "WEEKLY" });
    const liveOff = await planOf(m.liveKey, { name: "Live arrêté", amount: 2_000, interval: "WEEKLY" });
    await call(patchPlan, "PATCH", `/v1/billing/plans/${liveOff.id}`, { key: m.liveKey, params: { id: liveOff.id }, body: { is_active: false } });
    const test = await planOf(m.testKey, { name: "Test", amount: 500, interval: "MONTHLY" });

    expect(idsOf(await plansOf(`merchant_id=${m.merchant.id}`))).toEqual([liveCheap.id, liveDear.id]);
    expect(idsOf(await plansOf(`merchant_id=${m.merchant.id}&mode=live`))).toEqual([liveCheap.id, liveDear.id]);
    const tests = await plansOf(`merchant_id=${m.merchant.id}&mode=test`);
    expect(idsOf(tests)).toEqual([test.id]);
    expect(tests.body.data.plans[0].livemode).toBe(false);
  });

  it("answers a merchant with test plans only with an empty live list", async () => {
    const m = await newMerchant({ name: "Boutique Sandbox" });
    await planOf(m.testKey, { name: "Test", amount: 500, interval: "MONTHLY" });
    const res = await plansOf(`merchant_id=${m.merchant.id}`);
    expect(res.body.data).toEqual({ merchant: { id: m.merchant.id, name: "Boutique Sandbox" }, plans: [] });
  });

  it.each([["merchant_id="], [""], ["mode=test"]])("is 400 MISSING_MERCHANT_ID for ?%s", async (query) => {
    const res = await plansOf(query);
    expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, "MISSING_MERCHANT_ID", "merchant_id"]);
  });

  it("is 400 INVALID_FIELD for a mode other than live or test", async () => {
    const m = await newMerchant();
    const res = await plansOf(`merchant_id=${m.merchant.id}&mode=sandbox`);
    expect([res.status, res.body.error.code, res.body.error.param]).toEqual([400, "INVALID_FIELD", "mode"]);
    expect(res.body.error.message).toBe("mode must be one of live, test.");
  });

  it("is 404 MERCHANT_NOT_FOUND for an unknown or suspended merchant", async () => {
    const m = await newLiveMerchant();
    await planOf(m.liveKey, { name: "Live", amount: 1_000, interval: "WEEKLY" });
    await updateMerchant(db(), m.merchant.id, { status: "suspended" });
    for (const id of ["mer_unknown", m.merchant.id]) {
      const res = await plansOf(`merchant_id=${id}`);
      expect([res.status, res.body.error.code]).toEqual([404, "MERCHANT_NOT_FOUND"]);
      expect(res.body.error.message).toContain(`"${id}"`);
    }
  });
});

describe("GET /v1/public/plans/{id}", () => {
  it("reads an active live plan with the list's fields, and a test plan only with mode=test", async () => {
    const m = await newLiveMerchant();
    const live = await planOf(m.liveKey, { name: "Live", amount: 3_000, interval: "MONTHLY" });
    const test = await planOf(m.testKey, { name: "Test", amount: 500, interval: "WEEKLY" });
    const res = await planById(live.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: live.id, amount: 3_000, interval_label: "monthly", features: [], checkout_url: null, livemode: true });
    expect(res.body.data).not.toHaveProperty("subscriber_count");

    const hidden = await planById(test.id);
    expect([hidden.status, hidden.body.error.code]).toEqual([404, "PLAN_NOT_FOUND"]);
    expect(hidden.body.error.message).toContain("?mode=test");
    expect((await planById(test.id, "?mode=test")).body.data).toMatchObject({ id: test.id, interval_label: "weekly", livemode: false });
    expect((await planById(live.id, "?mode=test")).body.error.code).toBe("PLAN_NOT_FOUND");
  });

  it("is 404 PLAN_NOT_FOUND for an inactive or unknown plan", async () => {
    const m = await newLiveMerchant();
    const off = await planOf(m.liveKey, { name: "Arrêté", amount: 1_000, interval: "WEEKLY" });
    await call(patchPlan, "PATCH", `/v1/billing/plans/${off.id}`, { key: m.liveKey, params: { id: off.id }, body: { is_active: false } });
    for (const id of [off.id, "plan_unknown"]) {
      const res = await planById(id);
      expect([res.status, res.body.error.code]).toEqual([404, "PLAN_NOT_FOUND"]);
    }
  });
});
