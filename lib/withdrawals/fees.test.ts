import { describe, expect, it } from "vitest";
import { quoteWithdrawal, withdrawalFee, WITHDRAWAL_FEE_MIN } from "./fees";

describe("withdrawal fee: max(100, ⌈1 % of amount⌉)", () => {
  it("applies the 100 FCFA minimum while 1 % is under 100, and 1 % from 10,000 up", () => {
    expect(withdrawalFee(1)).toBe(WITHDRAWAL_FEE_MIN);
    expect(withdrawalFee(5_000)).toBe(100);
    expect(withdrawalFee(9_900)).toBe(100); // 99 → 100
    expect(withdrawalFee(9_999)).toBe(100); // 99.99 → ⌈⌉ 100
    expect(withdrawalFee(10_000)).toBe(100); // exactly 100
    expect(withdrawalFee(10_001)).toBe(101); // 100.01 → 101
    expect(withdrawalFee(10_100)).toBe(101);
  });

  it("rounds 1 % up to the whole franc", () => {
    expect(withdrawalFee(50_000)).toBe(500);
    expect(withdrawalFee(50_001)).toBe(501);
    expect(withdrawalFee(50_050)).toBe(501);
    expect(withdrawalFee(50_099)).toBe(501);
    expect(withdrawalFee(50_100)).toBe(501);
    expect(withdrawalFee(50_101)).toBe(502);
    expect(withdrawalFee(5_000_000)).toBe(50_000);
    expect(withdrawalFee(4_999_999)).toBe(50_000);
  });

  it("refuses amounts that are not positive integers", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => withdrawalFee(bad)).toThrow(RangeError);
  });

  it("quotes amount, fee, net amount and bounds from the same rule", () => {
    expect(quoteWithdrawal(123_456)).toEqual({ amount: 123_456, fee: 1_235, net_amount: 122_221, currency: "XOF", min: 50_000, max: 5_000_000 });
  });
});
