import { describe, expect, it } from "vitest";
import { isNotAllowedHandler, notAllowed } from "./method-not-allowed";

describe("405 for unsupported methods", () => {
  it("gives a request without X-Request-Id one of its own", async () => {
    const res = await notAllowed("POST").GET(new Request("http://localhost/v1/payments", { method: "GET" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("tells the OpenAPI document which exports are refusals", () => {
    const handlers = notAllowed("POST");
    expect(isNotAllowedHandler(handlers.PUT)).toBe(true);
    expect(isNotAllowedHandler(handlers.OPTIONS)).toBe(false);
    expect(isNotAllowedHandler(handlers.GET)).toBe(true);
  });
});
