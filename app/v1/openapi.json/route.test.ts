import { validate } from "@scalar/openapi-parser";
import { describe, expect, it } from "vitest";
import { errorCatalogue } from "@/lib/core/errors";
import { call } from "@/tests/support/http";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { GET } from "./route";

describe("GET /v1/openapi.json", () => {
  it("serves a valid OpenAPI 3.1 document without a key", async () => {
    const res = await call(GET, "GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    const result = await validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(res.body.openapi).toBe("3.1.0");
    expectMatchesOpenApi("GET", "/v1/openapi.json", 200, res.body);
  });

  it("points its servers at the origin it was asked on", async () => {
    const res = await call(GET, "GET", "/v1/openapi.json");
    expect(res.body.servers[0].url).toBe("http://localhost:3000");
    // Behind a proxy, or a server bound to 0.0.0.0: the Host the client used, not the bind address.
    const proxied = await call(GET, "GET", "/v1/openapi.json", { headers: { host: "api.example.ml", "x-forwarded-proto": "https" } });
    expect(proxied.body.servers[0].url).toBe("https://api.example.ml");
  });

  it("documents itself, bearer auth, the rate-limit headers and the whole error catalogue", async () => {
    const { body } = await call(GET, "GET", "/v1/openapi.json");
    expect(body.paths["/v1/openapi.json"].get.security).toEqual([]);
    expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(body.components.headers)).toEqual(expect.arrayContaining(["RateLimitLimit", "RateLimitRemaining", "RateLimitReset", "RetryAfter"]));
    expect(body.components.schemas.Error.properties.error.properties.code.enum.sort()).toEqual(Object.keys(errorCatalogue).sort());
    expect(body["x-error-codes"].RATE_LIMIT_EXCEEDED).toEqual({ status: 429, message: errorCatalogue.RATE_LIMIT_EXCEEDED.message });
  });

  it("carries the decisions where the contract is silent, from docs/decisions/", async () => {
    const { body } = await call(GET, "GET", "/v1/openapi.json");
    expect(body.info.description).toContain("## Decisions where the contract is silent");
    // A decision written in docs/decisions/api.md, read from there rather than copied.
    expect(body.info.description).toContain("UNSUPPORTED_CONTENT_TYPE");
    expect(body.info.description).not.toContain("See docs/decisions/");
    // Every listed area, in the index's order.
    expect(body.info.description).toMatch(/### The API in general[\s\S]*### Payments[\s\S]*### Mail/);
  });
});
