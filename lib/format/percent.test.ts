import { describe, expect, it } from "vitest";
import { formatPercent } from "./percent";

describe("formatPercent", () => {
  it("rounds to one decimal with each language's separator and spacing", () => {
    expect(formatPercent(0.87326, "fr")).toBe("87,3 %");
    expect(formatPercent(0.87326, "en")).toBe("87.3%");
  });

  it("prints whole percentages without a decimal, at both ends", () => {
    expect(formatPercent(1, "fr")).toBe("100 %");
    expect(formatPercent(0, "en")).toBe("0%");
  });
});
