import { describe, expect, it } from "vitest";
import { formatPhone, maskPhone } from "./phone";

describe("formatPhone", () => {
  it("shows a Mali number in pairs after +223", () => {
    expect(formatPhone("+22370000001")).toBe("+223 70 00 00 01");
    expect(formatPhone("+22376554433")).toBe("+223 76 55 44 33");
  });
  it("groups another country's number in pairs, an odd count leading with three", () => {
    expect(formatPhone("+2250701020304")).toBe("+225 07 01 02 03 04");
    expect(formatPhone("+221771234567")).toBe("+221 771 23 45 67");
  });
  it("shows what is not E.164 as given", () => {
    expect(formatPhone("76554433")).toBe("76554433");
    expect(formatPhone("+2231")).toBe("+2231");
  });
});

describe("maskPhone", () => {
  it("keeps the country, the first and the last pair", () => {
    expect(maskPhone("+22376554433")).toBe("+223 76 •• •• 33");
  });
  it("hides everything it cannot read", () => {
    expect(maskPhone("not a phone")).toBe("••");
  });
});
