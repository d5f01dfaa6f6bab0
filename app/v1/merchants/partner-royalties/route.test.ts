import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { newId } from "@/lib/ids";
import { previousMonth, runPartnerRoyalties } from "@/lib/partner/royalty";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { call as rawCall } from "@/tests/support/http";
import { newLiveMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { GET as balance } from "../../withdrawals/balance/route";
import { GET } from "./route";

const call: typeof rawCall = async (handler, method, path, options) => {
  const res = await rawCall(handler, method, path, options);
  expectMatchesOpenApi(method, path, res.status, res.body);
  return res;
};

describe("GET /v1/merchants/partner-royalties", () => {
  it("lists the key's royalties, credited to the balance; another merchant and test mode see none", async () => {
    const m = await newLiveMerchant({ partner: true });
    const at = new Date(previousMonth(new Date()).start.getTime() + 86_400_000);
    await db().insert(payments).values({
      id: newId("txn"), merchantId: m.merchant.id, applicationId: m.applicationId, mode: "live", status: "SUCCESS", amount: 75_000,
      customerPhone: "+22370000001", feeTotal: 0, adapter: "live", gatewayUsed: "g", routingReason: "r",
      items: [{ product_id: "pp_x", name: "Riz", unit_price: 75_000, quantity: 1, amount: 75_000 }],
      expiresAt: at, settledAt: at, createdAt: at, updatedAt: at,
    });
    await runPartnerRoyalties(db());
    await runPartnerRoyalties(db());

    const res = await call(GET, "GET", "/v1/merchants/partner-royalties", { key: m.liveKey });
    expect(res.status).toBe(200);
    expect(res.body.data.royalties).toEqual([
      { id: expect.stringMatching(/^roy_/), month: previousMonth(new Date()).label, sales_count: 1, sales_volume: 75_000, rate_bps: 1_000, amount: 7_500, currency: "XOF", created_at: expect.any(String) },
    ]);
    expect((await call(balance, "GET", "/v1/withdrawals/balance", { key: m.liveKey })).body.data.available).toBe(7_500);
    expect((await merchantBalance(db(), m.merchant.id, "live")).available).toBe(7_500);

    expect((await call(GET, "GET", "/v1/merchants/partner-royalties", { key: m.testKey })).body.data.royalties).toEqual([]);
    const other = await newLiveMerchant({ partner: true });
    expect((await call(GET, "GET", "/v1/merchants/partner-royalties", { key: other.liveKey })).body.data.royalties).toEqual([]);
  });
});
