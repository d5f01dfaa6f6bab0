import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { newId } from "@/lib/ids";
import { updateMerchant } from "@/lib/platform/merchants";
import { call as rawCall } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { GET as platformPlans } from "../platform/plans/route";
import { GET as merchantPlan } from "./plan/route";
import { GET as merchantSubscription } from "./subscription/route";

const call: typeof rawCall = async (handler, method, path, options) => {
  const res = await rawCall(handler, method, path, options);
  expectMatchesOpenApi(method, path, res.status, res.body);
  return res;
};

describe("GET /v1/platform/plans", () => {
  it("is public and lists Starter, Pro and Business with price, cap and features", async () => {
    const res = await call(platformPlans, "GET", "/v1/platform/plans");
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string; name: string; monthly_live_cap: number | null }) => [p.id, p.name, p.monthly_live_cap])).toEqual([
      ["starter", "Starter", 200_000],
      ["pro", "Pro", 200_000],
      ["business", "Business", null],
    ]);
    for (const p of res.body.data) {
      expect(p.price_monthly).toBeGreaterThan(0);
      expect(p.currency).toBe("XOF");
      expect(p.features.length).toBeGreaterThan(0);
    }
  });
});

describe("GET /v1/merchant/plan", () => {
  it("gives a live key the plan and this month's successful live volume against the cap", async () => {
    const m = await newLiveMerchant({ platformPlan: "starter" });
    const now = new Date();
    const row = { merchantId: m.merchant.id, applicationId: m.applicationId, customerPhone: "+22370000001", feeTotal: 0, adapter: "live" as const, gatewayUsed: "g", routingReason: "r", expiresAt: now, createdAt: now, updatedAt: now };
    await db().insert(payments).values([
      { ...row, id: newId("txn"), mode: "live", status: "SUCCESS", amount: 120_000, settledAt: now },
      { ...row, id: newId("txn"), mode: "live", status: "PENDING", amount: 50_000 },
      { ...row, id: newId("txn"), mode: "test", status: "SUCCESS", amount: 70_000, settledAt: now },
    ]);
    const live = await call(merchantPlan, "GET", "/v1/merchant/plan", { key: m.liveKey });
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({ id: "starter", name: "Starter", monthly_live_cap: 200_000, usage: { live_volume: 120_000, remaining: 80_000 } });
    expect(live.body.data.usage.month).toBe(now.toISOString().slice(0, 7));
    const test = await call(merchantPlan, "GET", "/v1/merchant/plan", { key: m.testKey });
    expect(test.body.data).toMatchObject({ id: "starter", usage: null });
  });

  it("shows the sandbox-only plan to a merchant without a platform plan", async () => {
    const m = await newMerchant();
    const res = await call(merchantPlan, "GET", "/v1/merchant/plan", { key: m.testKey });
    expect(res.body.data).toMatchObject({ id: "none", price_monthly: 0, monthly_live_cap: 0, usage: null });
  });

  it("has no cap to report on Business", async () => {
    const m = await newLiveMerchant({ platformPlan: "business" });
    const res = await call(merchantPlan, "GET", "/v1/merchant/plan", { key: m.liveKey });
    expect(res.body.data).toMatchObject({ id: "business", monthly_live_cap: null, usage: { live_volume: 0, remaining: null } });
  });
});

describe("GET /v1/merchant/subscription", () => {
  it("reports ACTIVE with the period end while paid and current", async () => {
    const m = await newLiveMerchant({ platformPlan: "pro" });
    const res = await call(merchantSubscription, "GET", "/v1/merchant/subscription", { key: m.liveKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ plan_id: "pro", plan_name: "Pro", status: "ACTIVE", current_period_end: m.merchant.platformPeriodEnd!.toISOString(), production_access: true, live_enabled: true });
  });

  it("reports EXPIRED past the period end (the live key is then refused) and NONE without a plan", async () => {
    const m = await newLiveMerchant({ platformPlan: "pro" });
    const ended = new Date(Date.now() - 1000);
    await updateMerchant(db(), m.merchant.id, { platformPeriodEnd: ended });
    const res = await call(merchantSubscription, "GET", "/v1/merchant/subscription", { key: m.testKey });
    expect(res.body.data).toMatchObject({ status: "EXPIRED", current_period_end: ended.toISOString(), live_enabled: false });
    const live = await call(merchantSubscription, "GET", "/v1/merchant/subscription", { key: m.liveKey });
    expect(live.status).toBe(403);
    expect(live.body.error.code).toBe("PAID_SUBSCRIPTION_REQUIRED");

    const none = await newMerchant();
    const r2 = await call(merchantSubscription, "GET", "/v1/merchant/subscription", { key: none.testKey });
    expect(r2.body.data).toEqual({ plan_id: "none", plan_name: "Sandbox", status: "NONE", current_period_end: null, production_access: false, live_enabled: false });
  });

  it("answers 401 PRODUCTION_KEY_DISABLED to a live key before production access is opened", async () => {
    const m = await newMerchant({ platformPlan: "pro" });
    const res = await call(merchantSubscription, "GET", "/v1/merchant/subscription", { key: m.liveKey });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("PRODUCTION_KEY_DISABLED");
  });
});
