import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { db } from "@/db/client";
import { payments, subscriptions } from "@/db/schema";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { servedFunctionIds } from "./test-support";
import { scheduledFunction, tick } from "./test-support";

describe("billing-cycle Inngest function", () => {
  it("is served", () => {
    expect(servedFunctionIds()).toContain(scheduledFunction("billing-cycle").id());
  });

  it("charges each due subscription once through lib/billing, and a second run charges nothing more", async () => {
    const m = await newMerchant();
    const plan = (await call(createPlan, "POST", "/", { key: m.testKey, body: { name: "Hebdo", amount: 2_000, interval: "WEEKLY" } })).body.data;
    const sub = (await call(subscribe, "POST", "/", { key: m.testKey, body: { plan_id: plan.id, customer_phone: "+22370000001" } })).body.data;

    const first = await tick("billing-cycle");
    expect(first.error).toBeUndefined();
    expect((first.result!.passes[0] as { collections: number }).collections).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row.nextBillingDate.toISOString()).toBe(new Date(new Date(sub.next_billing_date).getTime() + 7 * 86_400_000).toISOString());
    expect((await db().select().from(payments).where(eq(payments.purposeRef, sub.id))).map((p) => p.status)).toEqual(["SUCCESS"]);

    const second = await tick("billing-cycle");
    expect(second.error).toBeUndefined();
    expect(await db().select().from(payments).where(eq(payments.purposeRef, sub.id))).toHaveLength(1);
  });
});
