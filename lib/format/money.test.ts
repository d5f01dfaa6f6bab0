import { describe, expect, it } from "vitest";
import { formatXof } from "./money";

describe("formatXof", () => {
  it.each([
    [0, "0 FCFA"],
    [100, "100 FCFA"],
    [999, "999 FCFA"],
    [1000, "1 000 FCFA"],
    [12500, "12 500 FCFA"],
    [100000, "100 000 FCFA"],
    [5000000, "5 000 000 FCFA"],
    [5000001, "5 000 001 FCFA"],
    [-12500, "-12 500 FCFA"],
    [-999, "-999 FCFA"],
  ])("formats %i as %s", (amount, expected) => {
    expect(formatXof(amount)).toBe(expected);
  });

  it("uses only plain ASCII spaces, never the no-break spaces Intl would emit", () => {
    expect(formatXof(1234567)).toMatch(/^[0-9 A-Z]+$/);
  });

  it("does not print a sign for negative zero", () => {
    expect(formatXof(-0)).toBe("0 FCFA");
  });

  it.each([12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("refuses %d, which is not a whole amount of francs", (amount) => {
    expect(() => formatXof(amount)).toThrow(RangeError);
  });
});
