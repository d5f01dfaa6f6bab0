import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { partnerRoyalties, payments } from "@/db/schema";
import { newId } from "@/lib/ids";
import { previousMonth } from "@/lib/partner/royalty";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { newLiveMerchant } from "@/tests/support/merchant";
import { servedFunctionIds } from "./test-support";
import { scheduledFunction, tick as tickJob } from "./test-support";

const tick = () => tickJob("partner-royalty");

describe("partner-royalty Inngest function", () => {
  it("is served", () => {
    expect(servedFunctionIds()).toContain(scheduledFunction("partner-royalty").id());
  });

  it("credits last month's royalty through lib/partner, and a second run credits nothing more", async () => {
    const m = await newLiveMerchant({ partner: true });
    const at = new Date(previousMonth(new Date()).start.getTime() + 3_600_000);
    await db().insert(payments).values({
      id: newId("txn"), merchantId: m.merchant.id, applicationId: m.applicationId, mode: "live", status: "SUCCESS", amount: 30_000,
      customerPhone: "+22370000001", feeTotal: 0, adapter: "live", gatewayUsed: "g", routingReason: "r",
      items: [{ product_id: "pp_x", name: "Riz", unit_price: 30_000, quantity: 1, amount: 30_000 }],
      expiresAt: at, settledAt: at, createdAt: at, updatedAt: at,
    });
    const first = await tick();
    expect(first.error).toBeUndefined();
    expect(first.result!.passes[0]).toMatchObject({ month: previousMonth(new Date()).label, credited: [expect.anything()] });
    const second = await tick();
    expect(second.error).toBeUndefined();
    expect(second.result!.passes[0]).toMatchObject({ credited: [] });
    expect(await db().select().from(partnerRoyalties).where(eq(partnerRoyalties.merchantId, m.merchant.id))).toHaveLength(1);
    expect((await merchantBalance(db(), m.merchant.id, "live")).available).toBe(3_000);
  });
});
