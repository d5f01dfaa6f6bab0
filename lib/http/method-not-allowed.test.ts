import { describe, expect, it } from "vitest";
import { collectRouteMethods, renderRouteMethods } from "@/scripts/route-methods";
import { readFileSync } from "node:fs";
import { methodNotAllowed } from "./method-not-allowed";

describe("405 for unsupported methods", () => {
  it("knows every /v1 route file's methods (run `npx tsx scripts/route-methods.ts` when this fails)", () => {
    expect(readFileSync("lib/http/route-methods.ts", "utf8")).toBe(renderRouteMethods(collectRouteMethods()));
  });

  it("answers a JSON 405 with Allow for a known path and a method it does not serve", async () => {
    const res = methodNotAllowed("PUT", "/v1/payments")!;
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("POST");
    expect(await res.json()).toEqual({ success: false, error: { code: "METHOD_NOT_ALLOWED", message: expect.stringContaining("PUT") } });
  });

  it("lets served methods and unknown paths through", () => {
    expect(methodNotAllowed("POST", "/v1/payments")).toBeNull();
    expect(methodNotAllowed("GET", "/v1/no-such-thing")).toBeNull();
    expect(methodNotAllowed("HEAD", "/v1/payments")).toBeNull();
  });
});
