import { describe, expect, it } from "vitest";
import { buyerProgress, nextPollDelay, POLL_BASE_MS, POLL_MAX_MS } from "./poll";

describe("nextPollDelay", () => {
  it("waits the base delay after a change, whatever the last wait was", () => {
    expect(nextPollDelay(POLL_MAX_MS, "changed")).toBe(POLL_BASE_MS);
    expect(nextPollDelay(POLL_BASE_MS, "changed")).toBe(POLL_BASE_MS);
  });

  it("grows by half after an unchanged answer and doubles after a failure", () => {
    expect(nextPollDelay(POLL_BASE_MS, "same")).toBe(3_750);
    expect(nextPollDelay(3_750, "same")).toBe(5_625);
    expect(nextPollDelay(POLL_BASE_MS, "error")).toBe(5_000);
  });

  it("reaches the cap exactly from just below it, and never passes it", () => {
    // Just below the cap: one more step lands on the cap, not past it.
    expect(nextPollDelay(POLL_MAX_MS - 1, "same")).toBe(POLL_MAX_MS);
    expect(nextPollDelay(POLL_MAX_MS - 1, "error")).toBe(POLL_MAX_MS);
    // A step that ends just under the cap is kept as it is.
    expect(nextPollDelay(Math.floor((POLL_MAX_MS - 1) / 1.5), "same")).toBe(POLL_MAX_MS - 1);
    // At the cap it stays there.
    expect(nextPollDelay(POLL_MAX_MS, "same")).toBe(POLL_MAX_MS);
    expect(nextPollDelay(POLL_MAX_MS, "error")).toBe(POLL_MAX_MS);
  });

  it("a long run of unchanged answers settles on the cap", () => {
    let delay = POLL_BASE_MS;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) waits.push((delay = nextPollDelay(delay, "same")));
    expect(waits).toEqual([3_750, 5_625, 8_438, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS]);
  });

  it("never waits less than the base delay, even from a shorter last wait", () => {
    expect(nextPollDelay(0, "same")).toBe(3_750);
    expect(nextPollDelay(-5, "error")).toBe(5_000);
  });
});

describe("buyerProgress", () => {
  const payment = { status: "PENDING" as const, reason: null, initiated: true, simulated: true };

  it("changes when the order, the payment or its push changes, and only then", () => {
    const waiting = buyerProgress({ status: "CREATED", payment });
    expect(buyerProgress({ status: "CREATED", payment: { ...payment, reason: "x", simulated: false } })).toBe(waiting);
    expect(buyerProgress({ status: "PAID_HELD", payment: { ...payment, status: "SUCCESS" } })).not.toBe(waiting);
    expect(buyerProgress({ status: "CREATED", payment: { ...payment, status: "FAILED" } })).not.toBe(waiting);
    expect(buyerProgress({ status: "CREATED", payment: { ...payment, initiated: false } })).not.toBe(waiting);
    expect(buyerProgress({ status: "CREATED", payment: null })).toBe("CREATED:NONE:not-pushed");
  });
});
