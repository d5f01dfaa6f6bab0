import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "@/db/availability";
import { isDatabaseUnavailable } from "./db-errors";

describe("isDatabaseUnavailable", () => {
  it("takes a database that failed its probe, a refused connection and a closed one for an outage (503)", () => {
    expect(isDatabaseUnavailable(new DatabaseUnavailableError())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "CONNECTION_CLOSED" }) }))).toBe(true);
  });

  it("does not take a wrong query for an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("no code"))).toBe(false);
  });
});
