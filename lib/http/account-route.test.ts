import { describe, expect, it } from "vitest";
import { rateLimits } from "@/lib/rate-limit/limits";
import { accountRoute } from "@/lib/http/account-route";

// One merchant-only handler: what the pipeline does before it runs is what is tested.
const merchantOnly = accountRoute({ who: "merchant", permission: "dashboard.read" }, async () => ({ reached: true }));

const get = (ip: string, requestId?: string) =>
  merchantOnly(new Request("http://localhost/dashboard-api/probe", { headers: { "x-forwarded-for": ip, ...(requestId ? { "x-request-id": requestId } : {}) } }));

describe("accountRoute: the dashboard's entry to the request pipeline", () => {
  it("answers with the caller's X-Request-Id and the limiter's headers, like /v1", async () => {
    const response = await get("203.0.113.201", "req_dashboard_probe");
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("SESSION_REQUIRED");
    expect(response.headers.get("x-request-id")).toBe("req_dashboard_probe");
    expect(response.headers.get("ratelimit-limit")).toBe(String(rateLimits.default));
    expect(response.headers.get("ratelimit-remaining")).toBe(String(rateLimits.default - 1));
  });

  it("counts requests without a session per client IP, so guessing sessions is throttled: the one past the limit gets 429", async () => {
    const ip = "203.0.113.202";
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.default; i++) statuses.push((await get(ip)).status);
    expect(statuses.slice(0, rateLimits.default).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await get("203.0.113.203")).status).toBe(401);
  });
});
