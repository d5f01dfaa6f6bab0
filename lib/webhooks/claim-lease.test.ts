import { describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { advanceTestClock } from "@/lib/clock";
import { claimDue, dispatchEvents } from "./deliver";
import { emitTestEvent, endpointFor, merchantContext } from "./test-support";

/**
 * A claim is a worker's lease on an attempt in flight: it lasts in real time. The sandbox clock
 * moves the schedule (next attempts fall due sooner), never the time a sender has to finish.
 */
describe("claim lease", () => {
  async function claimedDelivery(leaseMs: number) {
    const m = await merchantContext();
    await endpointFor(m.ctx, "http://127.0.0.1:9/hooks");
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db(), { merchantId: m.merchant.id });
    expect(await claimDue(db(), { merchantId: m.merchant.id, limit: 10, leaseMs })).toHaveLength(1);
    return m.merchant.id;
  }

  it("holds while the merchant's sandbox clock jumps past it: no second sender takes the delivery", async () => {
    const merchantId = await claimedDelivery(60_000);
    await advanceTestClock(db(), merchantId, 86_400);
    expect(await claimDue(db(), { merchantId, limit: 10, leaseMs: 60_000 })).toEqual([]);
  });

  it("runs out in real time, clock jump or not: the delivery is claimed again", async () => {
    const merchantId = await claimedDelivery(200);
    await advanceTestClock(db(), merchantId, 86_400);
    // Polled: a claim attempt while the lease holds takes nothing, the first one after it takes it.
    await vi.waitFor(async () => expect(await claimDue(db(), { merchantId, limit: 10, leaseMs: 200 })).toHaveLength(1), { timeout: 10_000, interval: 50 });
  });
});
