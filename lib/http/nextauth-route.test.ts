import { describe, expect, it } from "vitest";
import { hitRateLimits, rateLimits } from "@/lib/rate-limit/limits";
import { authRouteHandlers, RATE_LIMITED_ERROR } from "@/lib/http/nextauth-route";

describe("sign-in attempts per client address", () => {
  it(`refuses credential checks beyond ${rateLimits["auth.signin"]} a minute from one address, in next-auth's error shape`, async () => {
    const ip = "198.51.100.23";
    // The first attempts reach next-auth (which needs a running Next.js); count them directly.
    for (let i = 0; i < rateLimits["auth.signin"]; i++) await hitRateLimits(`ip:${ip}`, ["auth.signin"]);
    const request = new Request("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      body: "email=a%40b.ml&password=x&json=true",
    });
    const response = await authRouteHandlers.POST(request, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await response.json()) as { url: string };
    expect(new URL(body.url).searchParams.get("error")).toBe(RATE_LIMITED_ERROR);
  });
});
