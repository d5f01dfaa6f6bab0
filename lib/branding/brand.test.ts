import { describe, expect, it } from "vitest";
import { initialsOf } from "./brand";

describe("initialsOf: what stands in for a missing logo", () => {
  it("takes the first letter of the first two words, upper-cased, skipping signs", () => {
    expect(initialsOf("Awa & Fils Commerce")).toBe("AF");
    expect(initialsOf("boutique")).toBe("B");
    expect(initialsOf("  élégance   d'Afrique ")).toBe("ÉD");
    expect(initialsOf("2 Frères")).toBe("2F");
    expect(initialsOf("— & —")).toBe("");
  });
});
