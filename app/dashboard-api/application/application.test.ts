import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { call } from "@/tests/support/http";
import { flushRequestLog } from "@/lib/request-log/store";
import { GET as listPayments } from "@/app/v1/payments/route";
import * as applicationsRoute from "../developers/applications/route";
import * as requestLog from "../developers/requests/route";
import * as home from "../home/route";
import * as endpoints from "../webhooks/endpoints/route";
import * as webhooks from "../webhooks/route";
import * as stats from "../webhooks/stats/route";
import * as choice from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account() {
  const created = await signUp(db(), { email: `app-switch-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: "Boutique Apps" });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const as = (extra = "", mode: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${mode}${extra}`, origin: ORIGIN });
  return { ...created, cookie, as };
}

describe("application switcher", () => {
  it("sets the cookie for one of the merchant's applications; webhook handlers then act for it", async () => {
    const a = await account();
    const second = await call(applicationsRoute.POST, "POST", "/dashboard-api/developers/applications", { body: { name: "Caisse mobile" }, headers: a.as() });
    expect(second.status).toBe(201);
    const secondId = second.body.data.id as string;

    const chosen = await call(choice.POST, "POST", "/dashboard-api/application", { body: { application_id: secondId }, headers: a.as() });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({ application_id: secondId, name: "Caisse mobile" });
    const setCookie = chosen.headers.get("set-cookie")!;
    expect(setCookie).toContain(`cauri_app=${secondId}`);
    expect(setCookie).toContain("HttpOnly");

    // An endpoint created with the cookie belongs to the second application only.
    const created = await call(endpoints.POST, "POST", "/dashboard-api/webhooks/endpoints", { body: { url: "https://hooks.example.ml/caisse" }, headers: a.as(`; cauri_app=${secondId}`) });
    expect(created.status).toBe(201);
    const onSecond = await call(webhooks.GET, "GET", "/dashboard-api/webhooks", { headers: a.as(`; cauri_app=${secondId}`) });
    expect(onSecond.body.data.endpoints.map((e: { url: string }) => e.url)).toEqual(["https://hooks.example.ml/caisse"]);
    const onFirst = await call(webhooks.GET, "GET", "/dashboard-api/webhooks", { headers: a.as() });
    expect(onFirst.body.data.endpoints).toEqual([]);
  });

  it("refuses another merchant's application with 404 and ignores a cookie naming one", async () => {
    const a = await account();
    const b = await account();
    const refused = await call(choice.POST, "POST", "/dashboard-api/application", { body: { application_id: b.applicationId }, headers: a.as() });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe("NOT_FOUND");
    expect(refused.headers.get("set-cookie")).toBeNull();

    await call(endpoints.POST, "POST", "/dashboard-api/webhooks/endpoints", { body: { url: "https://hooks.example.ml/b" }, headers: b.as() });
    // A tampered cookie falls back to the merchant's own first application: never another's data.
    const tampered = await call(webhooks.GET, "GET", "/dashboard-api/webhooks", { headers: a.as(`; cauri_app=${b.applicationId}`) });
    expect(tampered.status).toBe(200);
    expect(tampered.body.data.endpoints).toEqual([]);
  });

  it("validates the body and refuses a cross-site request", async () => {
    const a = await account();
    const missing = await call(choice.POST, "POST", "/dashboard-api/application", { body: {}, headers: a.as() });
    expect(missing.status).toBe(400);
    const csrf = await call(choice.POST, "POST", "/dashboard-api/application", { body: { application_id: a.applicationId }, headers: { cookie: a.cookie, origin: "https://evil.example" } });
    expect(csrf.status).toBe(403);
    expect(csrf.body.error.code).toBe("CSRF_REJECTED");
  });
});

describe("home and webhook statistics handlers", () => {
  it("the home carries 30 days of activity and the latest payments of the mode", async () => {
    const a = await account();
    const res = await call(home.GET, "GET", "/dashboard-api/home", { headers: a.as() });
    expect(res.status).toBe(200);
    expect(res.body.data.activity.days).toHaveLength(30);
    expect(res.body.data.activity.totals).toEqual({ collected: 0, refunded: 0, succeeded: 0, finished: 0, total: 0, success_rate: null });
    expect(res.body.data.recent).toEqual([]);
  });

  it("webhook statistics answer both windows and 7 days for the chart", async () => {
    const a = await account();
    const res = await call(stats.GET, "GET", "/dashboard-api/webhooks/stats", { headers: a.as() });
    expect(res.status).toBe(200);
    expect(res.body.data.summary.last_24h.total).toBe(0);
    expect(res.body.data.days).toHaveLength(7);
    expect((await call(stats.GET, "GET", "/dashboard-api/webhooks/stats")).status).toBe(401);
  });
});

describe("request log handler", () => {
  it("lists the chosen application's calls, filters by status class and refuses an unknown class", async () => {
    const a = await account();
    expect((await call(listPayments, "GET", "/v1/payments", { key: a.testKey })).status).toBe(200);
    await flushRequestLog(db());
    const listed = await call(requestLog.GET, "GET", "/dashboard-api/developers/requests", { headers: a.as() });
    expect(listed.status).toBe(200);
    expect(listed.body.data.requests.map((r: { method: string; path: string; status: number }) => `${r.method} ${r.path} ${r.status}`)).toEqual(["GET /v1/payments 200"]);
    const failed = await call(requestLog.GET, "GET", "/dashboard-api/developers/requests?status=4xx", { headers: a.as() });
    expect(failed.body.data.requests).toEqual([]);
    const live = await call(requestLog.GET, "GET", "/dashboard-api/developers/requests", { headers: a.as("", "live") });
    expect(live.body.data.requests).toEqual([]);
    const bad = await call(requestLog.GET, "GET", "/dashboard-api/developers/requests?status=3xx", { headers: a.as() });
    expect(bad.status).toBe(400);
    expect((await call(requestLog.GET, "GET", "/dashboard-api/developers/requests?limit=201", { headers: a.as() })).status).toBe(400);
    expect((await call(requestLog.GET, "GET", "/dashboard-api/developers/requests?limit=200", { headers: a.as() })).status).toBe(200);
  });
});
