import { describe, expect, it } from "vitest";
import { contrastRatio, judgeAccent, MIN_CONTRAST, PAGE_BACKGROUND, shownRatio } from "./contrast";

describe("the accent colour's contrast rule", () => {
  it("computes WCAG ratios: black on white 21, a colour on itself 1, order-free", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#0b6e4f", "#0b6e4f")).toBe(1);
    expect(contrastRatio("#ffffff", "#777777")).toBeCloseTo(contrastRatio("#777777", "#ffffff"), 12);
    // The service's own green, as app/globals.css measures it: 6.2:1 on white, 5.7:1 on the page.
    expect(shownRatio(contrastRatio("#0b6e4f", "#ffffff"))).toBe("6.25");
    expect(shownRatio(contrastRatio("#0b6e4f", PAGE_BACKGROUND))).toMatch(/^5\.7/);
  });

  it("accepts the colour closest to 4.5:1 from above (no 8-bit colour lands on 4.5 exactly) and refuses the closest from below", () => {
    // Found by trying all 16.7 million colours against the page background (#f7f5ef), the binding one.
    const at = judgeAccent("#d52c47");
    expect(at.ratio).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(at.ratio - MIN_CONTRAST).toBeLessThan(0.00001);
    expect(at.readable).toBe(true);
    const below = judgeAccent("#98670c");
    expect(MIN_CONTRAST - below.ratio).toBeLessThan(0.00001);
    expect(below).toEqual({ readable: false, ratio: below.ratio, against: "page" });
    // Shown cut, never rounded up to a passing-looking figure.
    expect(shownRatio(below.ratio)).toBe("4.49");
    expect(shownRatio(at.ratio)).toBe("4.50");
  });

  it("judges against the page background, which is darker than white: a grey readable under white text but not on the page is refused", () => {
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThan(MIN_CONTRAST);
    expect(judgeAccent("#767676")).toMatchObject({ readable: false, against: "page" });
    expect(judgeAccent("#f0c000")).toMatchObject({ readable: false });
    expect(judgeAccent("#0b6e4f").readable).toBe(true);
  });
});
