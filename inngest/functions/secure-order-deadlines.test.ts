import { describe, expect, it } from "vitest";
import { createdOrder, eventsOf, orderRow, paidOrder, soMerchant } from "@/app/v1/secure-orders/test-support";
import { db } from "@/db/client";
import { advanceTestClock } from "@/lib/clock";
import { servedFunctionIds } from "./test-support";
import { scheduledFunction, tick } from "./test-support";

const run = () => tick("secure-order-deadlines");

describe("secure-order-deadlines Inngest function", () => {
  it("is served", () => {
    expect(servedFunctionIds()).toContain(scheduledFunction("secure-order-deadlines").id());
  });

  it("cancels unpaid orders past pay_before and refunds held orders past their deadline, on each merchant's clock; a second run changes nothing", async () => {
    const m = await soMerchant();
    const unpaid = await createdOrder(m.testKey);
    const { order: held } = await paidOrder(m.testKey, { delivery_deadline_hours: 24 });
    const { order: later } = await paidOrder(m.testKey, { delivery_deadline_hours: 48 });
    await advanceTestClock(db(), m.merchant.id, 24 * 3600 + 1);

    const first = await run();
    expect(first.error).toBeUndefined();
    expect(first.result!.passes).toHaveLength(4);
    expect(first.result!.passes[0]).toMatchObject({ cancelled: expect.any(Number), refunded: expect.any(Number) });
    expect((await orderRow(unpaid.id)).status).toBe("CANCELLED");
    expect((await orderRow(held.id)).status).toBe("REFUNDED");
    expect((await orderRow(later.id)).status).toBe("PAID_HELD");

    const second = await run();
    expect(second.error).toBeUndefined();
    expect(await eventsOf(held.id, "secure_order.refunded")).toHaveLength(1);
    expect(await eventsOf(unpaid.id, "secure_order.cancelled")).toHaveLength(1);
  });
});
