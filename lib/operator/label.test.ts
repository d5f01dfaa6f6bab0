import { describe, expect, it } from "vitest";
import { OPERATOR_LABEL_MAX, OPERATOR_LABEL_PREFIX, operatorLabel } from "./port";

// The contract: the label on the customer's phone is a fixed prefix followed by the merchant name, at most 30 characters.
describe("operatorLabel", () => {
  it("is the fixed prefix and the merchant name", () => {
    expect(OPERATOR_LABEL_PREFIX).toBe("CAURI*");
    expect(operatorLabel("Boutique Awa")).toBe("CAURI*Boutique Awa");
  });

  it("keeps a name that makes exactly 30 characters whole", () => {
    const name = "B".repeat(OPERATOR_LABEL_MAX - OPERATOR_LABEL_PREFIX.length);
    expect(name).toHaveLength(24);
    expect(operatorLabel(name)).toBe(`CAURI*${name}`);
    expect(operatorLabel(name)).toHaveLength(30);
  });

  it("cuts a name that would make 31 characters to 30", () => {
    const name = "B".repeat(OPERATOR_LABEL_MAX - OPERATOR_LABEL_PREFIX.length + 1);
    expect(`CAURI*${name}`).toHaveLength(31);
    expect(operatorLabel(name)).toBe(`CAURI*${"B".repeat(24)}`);
    expect(operatorLabel(name)).toHaveLength(30);
  });

  it("folds spaces and never ends on one where the cut falls", () => {
    expect(operatorLabel("  Boutique \n  Awa  ")).toBe("CAURI*Boutique Awa");
    // 23 letters, a space, then more: the cut at 30 would leave a trailing space.
    expect(operatorLabel(`${"C".repeat(23)} Dakar`)).toBe(`CAURI*${"C".repeat(23)}`);
  });
});
