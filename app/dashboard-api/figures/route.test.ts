import { describe, expect, it } from "vitest";
import type { MerchantRole } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { paymentAt } from "@/lib/figures/test-support";
import { member } from "@/lib/notifications/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { GET } from "./route";

const ORIGIN = "http://localhost:3000";
const PATH = "/dashboard-api/figures";

async function setup() {
  const m = await newMerchant();
  const shop = { id: m.merchant.id, applicationId: m.applicationId };
  const cookieOf = async (role: MerchantRole) => `${await mintSessionCookie(await member(m.merchant.id, role))}; cauri_mode=test`;
  return { m, shop, cookieOf };
}

describe("GET /dashboard-api/figures", () => {
  it("answers the period's figures for the dashboard's mode, 30 days unless asked", async () => {
    const { shop, cookieOf } = await setup();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await paymentAt(shop, { at: hourAgo, amount: 12_500, status: "SUCCESS", mode: "test", purpose: "payment_link" });
    await paymentAt(shop, { at: hourAgo, amount: 99_000, status: "SUCCESS", mode: "live" });
    const cookie = await cookieOf("owner");

    const res = await call(GET, "GET", PATH, { headers: { cookie, origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.period.days).toBe(30);
    expect(res.body.data.days).toHaveLength(30);
    expect(res.body.data.totals.current).toEqual({ collected: 12_500, count: 1, succeeded: 1, failed: 0, success_rate: 1 });

    const week = await call(GET, "GET", `${PATH}?period=7`, { headers: { cookie, origin: ORIGIN } });
    expect(week.body.data.days).toHaveLength(7);
    expect(week.body.data.origins.find((o: { origin: string }) => o.origin === "payment_link").current.collected).toBe(12_500);
  });

  it("opens to the money readers and refuses developers", async () => {
    const { cookieOf } = await setup();
    for (const role of ["owner", "admin", "finance", "viewer"] as const) {
      const res = await call(GET, "GET", PATH, { headers: { cookie: await cookieOf(role), origin: ORIGIN } });
      expect(res.status, role).toBe(200);
    }
    const refused = await call(GET, "GET", PATH, { headers: { cookie: await cookieOf("developer"), origin: ORIGIN } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("ROLE_FORBIDDEN");
  });

  it("asks for a session", async () => {
    const res = await call(GET, "GET", PATH, { headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("SESSION_REQUIRED");
  });

  it("answers 400 INVALID_PERIOD for a period other than 7, 30 or 90", async () => {
    const { cookieOf } = await setup();
    const cookie = await cookieOf("finance");
    for (const period of ["14", "0", "abc", "7.5", ""]) {
      const res = await call(GET, "GET", `${PATH}?period=${period}`, { headers: { cookie, origin: ORIGIN } });
      expect(res.status, period).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_PERIOD", param: "period" });
    }
  });
});
