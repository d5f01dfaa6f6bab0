import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("sorts by creation, also within one millisecond", () => {
    const at = Date.now();
    const ids = Array.from({ length: 50 }, () => newId("evt", at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
    expect(newId("evt", at + 1) > ids[49]).toBe(true);
  });

  it("has the prefix, 10 time characters and 16 random ones", () => {
    expect(newId("txn")).toMatch(/^txn_[0-9a-hjkmnp-tv-z]{26}$/);
  });
});
