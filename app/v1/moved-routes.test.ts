import { describe, expect, it } from "vitest";
import * as unknownRoute from "@/app/v1/[[...path]]/route";
import { routeIndex } from "@/app/v1/route-index";
import { routeTree } from "@/server/v1-routes";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const send = (method: Method, path: string, key?: string) => call(unknownRoute[method], method, path, { key, body: method === "GET" || method === "DELETE" ? undefined : {} });
const match = routeTree(routeIndex);

describe("helpers calling the legacy billing paths", () => {
  it.each([
    ["/v1/plans", "/v1/billing/plans"],
    ["/v1/plans/plan_123", "/v1/billing/plans"],
    ["/v1/subscriptions", "/v1/billing/subscriptions"],
    ["/v1/subscriptions/sub_123/cancel", "/v1/billing/subscriptions"],
    ["/v1/customers", "/v1/billing/customers"],
    ["/v1/customers/cus_123", "/v1/billing/customers"],
  ])("%s, with any method, is 404 NOT_FOUND naming %s", async (path, current) => {
    expect(match(path)).toBeNull();
    const m = await newMerchant();
    for (const method of METHODS) {
      const res = await send(method, path, m.testKey);
      expect([res.status, res.body.success, res.body.error.code], `${method} ${path}`).toEqual([404, false, "NOT_FOUND"]);
      expect(res.body.error.message).toContain(`${method} ${path} does not exist`);
      expect(res.body.error.message).toContain(`moved to ${current}`);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });

  it("answers the same without a key", async () => {
    const res = await send("GET", "/v1/plans");
    expect([res.status, res.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect(res.body.error.message).toContain("/v1/billing/plans");
  });
});

describe("helpers polling automatic payouts", () => {
  it.each([
    ["GET", "/v1/payouts/po_123"],
    ["POST", "/v1/payouts/po_123/cancel"],
    ["GET", "/v1/payouts/stats"],
    ["DELETE", "/v1/payouts/po_123"],
  ] as const)("%s %s is 403 PAYOUTS_UNAVAILABLE pointing at /v1/withdrawals", async (method, path) => {
    expect(match(path)).toBeNull();
    const m = await newMerchant();
    for (const key of [m.testKey, undefined]) {
      const res = await send(method, path, key);
      expect([res.status, res.body.success, res.body.error.code]).toEqual([403, false, "PAYOUTS_UNAVAILABLE"]);
      expect(res.body.error.message).toContain(`${method} ${path}: automatic payouts are unavailable`);
      expect(res.body.error.message).toContain("POST /v1/withdrawals");
    }
  });
});

describe("other unknown /v1 paths", () => {
  it.each(["/v1", "/v1/nothing", "/v1/plansx", "/v1/billing/plan", "/v1/payoutsx/1"])("%s is the generic 404 NOT_FOUND", async (path) => {
    const res = await send("GET", path);
    expect([res.status, res.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect(res.body.error.message).toBe(`No route GET ${path}. See GET /v1/openapi.json for the list of routes.`);
  });
});
