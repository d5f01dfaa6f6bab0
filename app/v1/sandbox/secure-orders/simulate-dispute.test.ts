import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { advanceTestClock } from "@/lib/clock";
import { SECURE_ORDER_LIMITS } from "@/lib/secure-orders/config";
import { SANDBOX_DISPUTE_REASON } from "@/lib/secure-orders/schemas";
import { createdOrder, eventsOf, orderRow, paidOrder, soMerchant } from "@/app/v1/secure-orders/test-support";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { POST as disputeRoute } from "./[id]/simulate-dispute/route";

const dispute = (key: string, id: string, body: unknown = {}) => call(disputeRoute, "POST", `/v1/sandbox/secure-orders/${id}/simulate-dispute`, { key, params: { id }, body });

describe("POST /v1/sandbox/secure-orders/{id}/simulate-dispute", () => {
  it("disputes a held order as the buyer page would: DISPUTED, secure_order.disputed once, the default reason kept (no reason, or null)", async () => {
    const m = await soMerchant();
    const { order: withNull } = await paidOrder(m.testKey);
    expect((await dispute(m.testKey, withNull.id, { reason: null })).status).toBe(200);
    expect((await orderRow(withNull.id)).disputeReason).toBe(SANDBOX_DISPUTE_REASON);
    const { order } = await paidOrder(m.testKey);
    const res = await dispute(m.testKey, order.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.id, status: "DISPUTED" });
    expectMatchesOpenApi("POST", "/v1/sandbox/secure-orders/{id}/simulate-dispute", 200, res.body);
    expect(await orderRow(order.id)).toMatchObject({ status: "DISPUTED", disputeReason: SANDBOX_DISPUTE_REASON });
    expect((await eventsOf(order.id, "secure_order.disputed")).length).toBe(1);
  });

  it("takes a reason of 3 and of 500 characters, refuses 2 and 501 with 400 INVALID_DISPUTE_REASON", async () => {
    const m = await soMerchant();
    const { min, max } = { min: SECURE_ORDER_LIMITS.disputeReasonMin, max: SECURE_ORDER_LIMITS.disputeReasonMax };
    for (const reason of ["x".repeat(min - 1), "x".repeat(max + 1), "   ", 42]) {
      const { order } = await paidOrder(m.testKey);
      const res = await dispute(m.testKey, order.id, { reason });
      expect([res.status, res.body.error.code]).toEqual([400, "INVALID_DISPUTE_REASON"]);
      expect((await orderRow(order.id)).status).toBe("PAID_HELD");
    }
    for (const reason of ["x".repeat(min), "x".repeat(max)]) {
      const { order } = await paidOrder(m.testKey);
      const res = await dispute(m.testKey, order.id, { reason });
      expect(res.status).toBe(200);
      expect((await orderRow(order.id)).disputeReason).toBe(reason);
    }
  });

  it("is 409 ORDER_NOT_DISPUTABLE for an unpaid order and for one already disputed; two disputes at once make one", async () => {
    const m = await soMerchant();
    const unpaid = await createdOrder(m.testKey);
    const refused = await dispute(m.testKey, unpaid.id);
    expect([refused.status, refused.body.error.code]).toEqual([409, "ORDER_NOT_DISPUTABLE"]);

    const { order } = await paidOrder(m.testKey);
    const answers = await Promise.all([dispute(m.testKey, order.id), dispute(m.testKey, order.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe("ORDER_NOT_DISPUTABLE");
    expect((await eventsOf(order.id, "secure_order.disputed")).length).toBe(1);
  });

  it("past the delivery deadline refunds the buyer instead and answers 410 DELIVERY_EXPIRED", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey, { delivery_deadline_hours: 1 });
    await advanceTestClock(db(), m.merchant.id, 3_601);
    const res = await dispute(m.testKey, order.id);
    expect([res.status, res.body.error.code]).toEqual([410, "DELIVERY_EXPIRED"]);
    expect((await orderRow(order.id)).status).toBe("REFUNDED");
    expect(await eventsOf(order.id, "secure_order.disputed")).toEqual([]);
    expect((await eventsOf(order.id, "secure_order.refunded")).length).toBe(1);
  });

  it("is 404 for another merchant's order, 403 TEST_MODE_ONLY with a live key, and SECURE_ORDERS_DISABLED outside the pilot", async () => {
    const owner = await newLiveMerchant({ secureOrdersEnabled: true });
    const { order } = await paidOrder(owner.testKey);
    const outsider = await soMerchant("Autre boutique");
    const foreign = await dispute(outsider.testKey, order.id);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const live = await dispute(owner.liveKey, order.id);
    expect([live.status, live.body.error.code]).toEqual([403, "TEST_MODE_ONLY"]);
    const outside = await newMerchant();
    const disabled = await dispute(outside.testKey, order.id);
    expect(disabled.body.error.code).toBe("SECURE_ORDERS_DISABLED");
    expect((await orderRow(order.id)).status).toBe("PAID_HELD");
  });
});
