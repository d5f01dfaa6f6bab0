import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { merchantRequests, type Mode } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { secureOwner } from "@/tests/support/two-factor";
import { signUp } from "@/lib/auth/signup";
import { createStaffUser, getUser } from "@/lib/auth/users";
import { postJournal } from "@/lib/ledger/post";
import { newId } from "@/lib/ids";
import { findActiveKey } from "@/lib/platform/api-keys";
import { getMerchant, updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import * as developers from "./developers/route";
import * as applicationsRoute from "./developers/applications/route";
import * as keys from "./developers/keys/route";
import * as revoke from "./developers/keys/[id]/revoke/route";
import * as home from "./home/route";
import * as pilotRequest from "./secure-orders/pilot-request/route";
import * as mode from "./mode/route";
import * as settings from "./settings/route";
import * as kyc from "./settings/kyc/route";
import * as plan from "./settings/plan/route";
import * as production from "./settings/production/route";
import * as profile from "./settings/profile/route";
import * as signup from "./signup/route";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "mot de passe solide";
let seq = 0;
const email = () => `dash-${Date.now()}-${seq++}@example.ml`;

async function account(name = "Boutique Awa") {
  const created = await signUp(db(), { email: email(), password: PASSWORD, businessName: name });
  const user = (await getUser(db(), created.userId))!;
  const cookie = await mintSessionCookie(user);
  const as = (m: Mode = "test", extra: Record<string, string> = {}) => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: ORIGIN, ...extra });
  return { ...created, user, cookie, as };
}

const KYC = {
  legal_name: "Boutique Awa SARL",
  registration_number: "MA.BKO.2024.B.1234",
  address: "Rue 312, Hamdallaye ACI 2000, Bamako",
  contact_name: "Awa Traoré",
  contact_phone: "+22370000001",
  activity: "Vente de tissus et de vêtements",
};

describe("CSRF and sessions", () => {
  it("refuses a mutating request without an Origin, from another site, or marked cross-site by the browser", async () => {
    const body = { email: email(), password: PASSWORD, business_name: "Boutique CSRF" };
    for (const headers of [{}, { origin: "https://evil.example" }, { origin: ORIGIN, "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      const res = await call(signup.POST, "POST", "/dashboard-api/signup", { body, headers });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("CSRF_REJECTED");
    }
    const ok = await call(signup.POST, "POST", "/dashboard-api/signup", { body, headers: { origin: ORIGIN, "sec-fetch-site": "same-origin" } });
    expect(ok.status).toBe(201);
    expect(ok.body.data.test_key).toMatch(/^sk_test_/);
    expect(ok.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 401 SESSION_REQUIRED without a session or with a forged cookie, and 404 to a staff session", async () => {
    expect((await call(home.GET, "GET", "/dashboard-api/home")).body.error.code).toBe("SESSION_REQUIRED");
    const forged = await call(home.GET, "GET", "/dashboard-api/home", { headers: { cookie: "next-auth.session-token=eyJhbGciOiJkaXIifQ.forged.token" } });
    expect(forged.status).toBe(401);
    const staff = await createStaffUser(db(), { email: email(), password: PASSWORD });
    const res = await call(home.GET, "GET", "/dashboard-api/home", { headers: { cookie: await mintSessionCookie(staff) } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });

  it("maps sign-up problems to their codes", async () => {
    const send = (body: unknown) => call(signup.POST, "POST", "/dashboard-api/signup", { body, headers: { origin: ORIGIN, "x-forwarded-for": `10.0.0.${seq++ % 250}` } });
    expect((await send({ email: "nope", password: PASSWORD, business_name: "Boutique" })).body.error.code).toBe("INVALID_EMAIL");
    expect((await send({ email: email(), password: "short", business_name: "Boutique" })).body.error.code).toBe("INVALID_PASSWORD");
    expect((await send({ email: email(), password: PASSWORD, business_name: "B" })).body.error.code).toBe("INVALID_BUSINESS_NAME");
    const taken = email();
    expect((await send({ email: taken, password: PASSWORD, business_name: "Boutique" })).status).toBe(201);
    const again = await send({ email: taken, password: PASSWORD, business_name: "Boutique" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "EMAIL_TAKEN", param: "email" });
  });

  it("limits sign-ups to 10 a minute per client address", async () => {
    const headers = { origin: ORIGIN, "x-forwarded-for": "192.0.2.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(signup.POST, "POST", "/dashboard-api/signup", { body: { email: "bad", password: "", business_name: "" }, headers })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("dashboard handlers call the same lib functions, scoped by merchant and mode", () => {
  it("home: balances of the chosen mode only, from the ledger, and the setup checklist", async () => {
    const a = await account();
    await postJournal(db(), {
      merchantId: a.merchantId,
      mode: "test",
      kind: "test.credit",
      refType: "test",
      refId: newId("ref"),
      entries: [
        { account: "operator_clearing", amount: -12_500 },
        { account: "merchant_available", amount: 12_500 },
      ],
      at: new Date(),
    });
    const test = await call(home.GET, "GET", "/dashboard-api/home", { headers: a.as("test") });
    expect(test.body.data).toMatchObject({ mode: "test", balance: { available: 12_500, reserved: 0, held: 0 } });
    expect(test.body.data.checklist.map((i: { id: string; state: string }) => `${i.id}:${i.state}`)).toEqual([
      "kyc:todo",
      "platform_plan:todo",
      "production:todo",
      "webhook:todo",
      "test_payment:todo",
    ]);
    const live = await call(home.GET, "GET", "/dashboard-api/home", { headers: a.as("live") });
    expect(live.body.data).toMatchObject({ mode: "live", balance: { available: 0 } });
    // A tampered mode cookie is test mode, never live.
    const odd = await call(home.GET, "GET", "/dashboard-api/home", { headers: a.as("test", { cookie: `${a.cookie}; cauri_mode=LIVE` }) });
    expect(odd.body.data.mode).toBe("test");
  });

  it("mode switch sets an httpOnly cookie and checks the value", async () => {
    const a = await account();
    const res = await call(mode.POST, "POST", "/dashboard-api/mode", { body: { mode: "live" }, headers: a.as() });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/^cauri_mode=live; Path=\/; .*HttpOnly; SameSite=Lax/);
    expect((await call(mode.POST, "POST", "/dashboard-api/mode", { body: { mode: "prod" }, headers: a.as() })).body.error).toMatchObject({ code: "INVALID_FIELD", param: "mode" });
  });

  it("developers: keys of the current mode only; a created key works once shown and is never listed in full; revoking is scoped", async () => {
    const a = await account();
    const created = await call(keys.POST, "POST", "/dashboard-api/developers/keys", { body: { application_id: a.applicationId }, headers: a.as("test") });
    expect(created.status).toBe(201);
    expect(await findActiveKey(db(), created.body.data.key)).toMatchObject({ merchant: { id: a.merchantId } });

    const listed = await call(developers.GET, "GET", "/dashboard-api/developers", { headers: a.as("test") });
    const appView = listed.body.data.applications[0];
    expect(appView.keys).toHaveLength(2);
    expect(appView.keys.every((k: { mode: string }) => k.mode === "test")).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.data.key);
    expect(JSON.stringify(listed.body)).not.toContain(a.testKey);

    const liveList = await call(developers.GET, "GET", "/dashboard-api/developers", { headers: a.as("live") });
    expect(liveList.body.data.applications[0].keys.every((k: { mode: string }) => k.mode === "live")).toBe(true);

    // Live keys wait for production access.
    const live = await call(keys.POST, "POST", "/dashboard-api/developers/keys", { body: { application_id: a.applicationId }, headers: a.as("live") });
    expect(live.status).toBe(409);
    expect(live.body.error.code).toBe("PRODUCTION_ACCESS_REQUIRED");
    await updateMerchant(db(), a.merchantId, { productionEnabled: true });
    expect((await call(keys.POST, "POST", "/dashboard-api/developers/keys", { body: { application_id: a.applicationId }, headers: a.as("live") })).body.data.key).toMatch(/^sk_live_/);

    // Another merchant's application and key are 404; a key of the other mode too.
    const b = await account("Autre Boutique");
    expect((await call(keys.POST, "POST", "/dashboard-api/developers/keys", { body: { application_id: a.applicationId }, headers: b.as("test") })).status).toBe(404);
    const keyId = created.body.data.view.id;
    expect((await call(revoke.POST, "POST", `/dashboard-api/developers/keys/${keyId}/revoke`, { params: { id: keyId }, headers: b.as("test") })).status).toBe(404);
    expect((await call(revoke.POST, "POST", `/dashboard-api/developers/keys/${keyId}/revoke`, { params: { id: keyId }, headers: a.as("live") })).status).toBe(404);
    expect((await call(revoke.POST, "POST", `/dashboard-api/developers/keys/${keyId}/revoke`, { params: { id: keyId }, headers: a.as("test") })).status).toBe(200);
    expect(await findActiveKey(db(), created.body.data.key)).toBeNull();
    expect((await call(revoke.POST, "POST", `/dashboard-api/developers/keys/${keyId}/revoke`, { params: { id: keyId }, headers: a.as("test") })).status).toBe(404);
  });

  it("developers: applications are created with a checked name", async () => {
    const a = await account();
    expect((await call(applicationsRoute.POST, "POST", "/dashboard-api/developers/applications", { body: { name: "" }, headers: a.as() })).body.error.code).toBe("INVALID_APPLICATION_NAME");
    expect((await call(applicationsRoute.POST, "POST", "/dashboard-api/developers/applications", { body: { name: "x".repeat(61) }, headers: a.as() })).body.error.code).toBe("INVALID_APPLICATION_NAME");
    const ok = await call(applicationsRoute.POST, "POST", "/dashboard-api/developers/applications", { body: { name: "x".repeat(60) }, headers: a.as() });
    expect(ok.status).toBe(201);
    const listed = await call(developers.GET, "GET", "/dashboard-api/developers", { headers: a.as() });
    expect(listed.body.data.applications.map((x: { id: string }) => x.id)).toEqual([a.applicationId, ok.body.data.id]);
  });

  it("settings: the business name is the operator label customers see", async () => {
    const a = await account();
    const bad = await call(profile.PATCH, "PATCH", "/dashboard-api/settings/profile", { body: { name: " x " }, headers: a.as() });
    expect(bad.body.error.code).toBe("INVALID_BUSINESS_NAME");
    const ok = await call(profile.PATCH, "PATCH", "/dashboard-api/settings/profile", { body: { name: "Quincaillerie   Moderne de Bamako" }, headers: a.as() });
    expect(ok.body.data).toMatchObject({ name: "Quincaillerie Moderne de Bamako", operator_label: "CAURI*Quincaillerie Moderne de" });
  });

  it("settings: a KYC submission is stored for review, replaces a pending one, and is refused once approved", async () => {
    const a = await account();
    // A merchant form takes the number as typed (lib/phone): 8 digits are Mali; 7 are not a number.
    expect((await call(kyc.POST, "POST", "/dashboard-api/settings/kyc", { body: { ...KYC, contact_phone: "7000001" }, headers: a.as() })).body.error).toMatchObject({ code: "INVALID_PHONE", param: "contact_phone" });
    expect((await call(kyc.POST, "POST", "/dashboard-api/settings/kyc", { body: { ...KYC, address: "" }, headers: a.as() })).body.error).toMatchObject({ code: "INVALID_KYC_SUBMISSION", param: "address" });
    const first = await call(kyc.POST, "POST", "/dashboard-api/settings/kyc", { body: KYC, headers: a.as() });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ kind: "kyc", status: "pending", payload: { legal_name: "Boutique Awa SARL" } });
    await call(kyc.POST, "POST", "/dashboard-api/settings/kyc", { body: { ...KYC, legal_name: "Boutique Awa SA" }, headers: a.as() });
    const rows = await db().select().from(merchantRequests).where(and(eq(merchantRequests.merchantId, a.merchantId), eq(merchantRequests.kind, "kyc")));
    expect(rows).toHaveLength(1);
    expect(rows[0].payload.legal_name).toBe("Boutique Awa SA");

    const view = await call(settings.GET, "GET", "/dashboard-api/settings", { headers: a.as() });
    expect(view.body.data.requests.kyc.status).toBe("pending");
    const checklist = await call(home.GET, "GET", "/dashboard-api/home", { headers: a.as() });
    expect(checklist.body.data.checklist[0]).toMatchObject({ id: "kyc", state: "pending" });

    await updateMerchant(db(), a.merchantId, { kycStatus: "rejected" });
    const again = await call(kyc.POST, "POST", "/dashboard-api/settings/kyc", { body: KYC, headers: a.as() });
    expect(again.status).toBe(201);
    expect((await call(settings.GET, "GET", "/dashboard-api/settings", { headers: a.as() })).body.data.merchant.kyc_status).toBe("pending");

    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    const approved = await call(kyc.POST, "POST", "/dashboard-api/settings/kyc", { body: KYC, headers: a.as() });
    expect(approved.status).toBe(409);
    expect(approved.body.error.code).toBe("KYC_ALREADY_APPROVED");
  });

  it("settings: production access needs an approved KYC and is refused once opened", async () => {
    const a = await account();
    const early = await call(production.POST, "POST", "/dashboard-api/settings/production", { headers: a.as() });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("KYC_REQUIRED_FOR_PRODUCTION");
    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    // The production gate (lib/account/production-gate.test.ts): the owner has a verified address and two-factor on.
    await secureOwner(db(), a.userId);
    const ok = await call(production.POST, "POST", "/dashboard-api/settings/production", { headers: a.as() });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ kind: "production_access", status: "pending" });
    await updateMerchant(db(), a.merchantId, { productionEnabled: true });
    expect((await call(production.POST, "POST", "/dashboard-api/settings/production", { headers: a.as() })).body.error.code).toBe("PRODUCTION_ALREADY_ENABLED");
  });

  it("settings: a platform plan choice is a pending request; the active plan cannot be requested again", async () => {
    const a = await account();
    expect((await call(plan.POST, "POST", "/dashboard-api/settings/plan", { body: { plan: "gold" }, headers: a.as() })).body.error.code).toBe("INVALID_PLATFORM_PLAN");
    const ok = await call(plan.POST, "POST", "/dashboard-api/settings/plan", { body: { plan: "pro" }, headers: a.as() });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ kind: "platform_plan", status: "pending", payload: { plan: "pro", price_monthly: 15_000 } });
    await updateMerchant(db(), a.merchantId, { platformPlan: "pro" });
    const again = await call(plan.POST, "POST", "/dashboard-api/settings/plan", { body: { plan: "pro" }, headers: a.as() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("PLATFORM_PLAN_ALREADY_ACTIVE");
    expect((await call(plan.POST, "POST", "/dashboard-api/settings/plan", { body: { plan: "business" }, headers: a.as() })).status).toBe(201);
  });

  it("secure-orders pilot: a merchant outside it asks to join; asking again keeps the first date; enabling answers the request", async () => {
    const a = await account();
    const path = "/dashboard-api/secure-orders/pilot-request";
    expect((await call(pilotRequest.POST, "POST", path, { headers: { origin: ORIGIN } })).body.error.code).toBe("SESSION_REQUIRED");
    expect((await call(pilotRequest.POST, "POST", path, { headers: { cookie: a.cookie, origin: "https://evil.example" } })).status).toBe(403);
    expect((await getMerchant(db(), a.merchantId))!.secureOrdersRequestedAt).toBeNull();

    const first = await call(pilotRequest.POST, "POST", path, { headers: a.as() });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ enabled: false, requested_at: expect.any(String) });
    const again = await call(pilotRequest.POST, "POST", path, { headers: a.as("live") });
    expect(again.body.data).toEqual(first.body.data);
    expect((await getMerchant(db(), a.merchantId))!.secureOrdersRequestedAt!.toISOString()).toBe(first.body.data.requested_at);

    // Staff enable the feature: the request is answered (cleared), and asking changes nothing.
    await updateMerchant(db(), a.merchantId, { secureOrdersEnabled: true });
    expect((await getMerchant(db(), a.merchantId))!.secureOrdersRequestedAt).toBeNull();
    expect((await call(pilotRequest.POST, "POST", path, { headers: a.as() })).body.data).toEqual({ enabled: true, requested_at: null });
    expect((await getMerchant(db(), a.merchantId))!.secureOrdersRequestedAt).toBeNull();
  });
});
