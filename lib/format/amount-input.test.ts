import { describe, expect, it } from "vitest";
import { parseAmountInput } from "./amount-input";

describe("parseAmountInput", () => {
  it.each([
    ["35000", 35000],
    ["35 000", 35000],
    ["35\u00a0000", 35000],
    ["35\u202f000", 35000],
    ["5.000", 5000],
    ["5,000", 5000],
    ["1 250 000", 1250000],
    ["1.250.000", 1250000],
    ["  12 500 FCFA ", 12500],
    ["12 500 F CFA", 12500],
    ["12500 XOF", 12500],
    ["12 500 F", 12500],
    ["0", 0],
    ["100", 100],
  ])("reads %j as %d", (text, amount) => {
    expect(parseAmountInput(text)).toBe(amount);
  });

  it.each([
    "",
    "   ",
    "FCFA",
    "35,5",
    "3 50",
    "35 00",
    "1 250.000",
    "12 500,00",
    "-500",
    "+500",
    "5e3",
    "0x10",
    "500 USD",
    "cinq mille",
    "99999999999999999999",
  ])("refuses %j", (text) => {
    expect(parseAmountInput(text)).toBeNull();
  });
});
