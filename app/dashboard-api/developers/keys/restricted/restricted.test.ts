import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { listAudit } from "@/lib/audit/record";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { findActiveKey } from "@/lib/platform/api-keys";
import { KEY_RESOURCES } from "@/lib/platform/key-permissions";
import { updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { GET as listPayments } from "@/app/v1/payments/route";
import { POST as postWithdrawal } from "@/app/v1/withdrawals/route";
import * as developers from "../../route";
import * as keys from "../route";
import * as revoke from "../[id]/revoke/route";
import * as restricted from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account(name = "Boutique Awa") {
  const created = await signUp(db(), { email: `rk-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: name });
  const user = (await getUser(db(), created.userId))!;
  const cookie = await mintSessionCookie(user);
  const as = (m: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: ORIGIN });
  return { ...created, as };
}

const create = (a: Awaited<ReturnType<typeof account>>, body: unknown, mode: Mode = "test") => call(restricted.POST, "POST", "/dashboard-api/developers/keys/restricted", { body, headers: a.as(mode) });

describe("POST /dashboard-api/developers/keys/restricted", () => {
  it("creates a restricted key shown once, listed with its permissions (never in full), used within them, revoked like any key", async () => {
    const a = await account();
    const res = await create(a, { application_id: a.applicationId, name: "  Caisse boutique ", permissions: { payments: "write", invoices: "read", webhooks: "none" } });
    expect(res.status).toBe(201);
    const { key, view } = res.body.data;
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(view).toMatchObject({ application_id: a.applicationId, mode: "test", name: "Caisse boutique", display: `${key.slice(0, 12)}…${key.slice(-4)}`, revoked_at: null });
    expect(Object.keys(view.permissions)).toEqual([...KEY_RESOURCES]);
    expect(view.permissions).toMatchObject({ payments: "write", invoices: "read", webhooks: "none", withdrawals: "none" });
    expect((await findActiveKey(db(), key))?.key.permissions).toEqual(view.permissions);

    // The list: only restricted keys of the mode, with names and permissions, never the secret.
    const listed = await call(keys.GET, "GET", "/dashboard-api/developers/keys", { headers: a.as("test") });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([{ ...view, created_at: expect.any(String) }]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((await call(keys.GET, "GET", "/dashboard-api/developers/keys", { headers: a.as("live") })).body.data).toEqual([]);
    // It is one of the application's keys in the overview too.
    const overview = await call(developers.GET, "GET", "/dashboard-api/developers", { headers: a.as("test") });
    expect(overview.body.data.applications[0].keys.map((k: { id: string }) => k.id)).toContain(view.id);

    // Audited with its permissions.
    const [audit] = await listAudit(db(), { targetType: "api_key", targetId: view.id });
    expect(audit).toMatchObject({ action: "api_key.create", after: { name: "Caisse boutique", permissions: ["payments:write", "invoices:read"] } });

    expect((await call(listPayments, "GET", "/v1/payments", { key })).status).toBe(200);
    expect((await call(postWithdrawal, "POST", "/v1/withdrawals", { key, body: {} })).body.error.code).toBe("API_KEY_PERMISSION_DENIED");

    const revoked = await call(revoke.POST, "POST", `/dashboard-api/developers/keys/${view.id}/revoke`, { params: { id: view.id }, headers: a.as("test") });
    expect(revoked.status).toBe(200);
    expect((await call(listPayments, "GET", "/v1/payments", { key })).body.error.code).toBe("INVALID_API_KEY");
    const after = await call(keys.GET, "GET", "/dashboard-api/developers/keys", { headers: a.as("test") });
    expect(after.body.data[0].revoked_at).toEqual(expect.any(String));
  });

  it("refuses unknown resources, unknown levels, an empty map and bad names, creating nothing", async () => {
    const a = await account();
    const base = { application_id: a.applicationId, name: "Lecture" };
    const cases: [unknown, string, string][] = [
      [{ ...base, permissions: { payouts: "write" } }, "INVALID_KEY_PERMISSIONS", "permissions.payouts"],
      [{ ...base, permissions: { payments: "admin" } }, "INVALID_KEY_PERMISSIONS", "permissions.payments"],
      [{ ...base, permissions: {} }, "INVALID_KEY_PERMISSIONS", "permissions"],
      [{ ...base, permissions: { payments: "none" } }, "INVALID_KEY_PERMISSIONS", "permissions"],
      [{ ...base, permissions: ["payments"] }, "INVALID_KEY_PERMISSIONS", "permissions"],
      [{ application_id: a.applicationId, name: "Lecture" }, "INVALID_KEY_PERMISSIONS", "permissions"],
      [{ ...base, name: " ", permissions: { payments: "read" } }, "INVALID_KEY_NAME", "name"],
      [{ ...base, name: "x".repeat(61), permissions: { payments: "read" } }, "INVALID_KEY_NAME", "name"],
      [{ application_id: a.applicationId, permissions: { payments: "read" } }, "INVALID_KEY_NAME", "name"],
    ];
    for (const [body, code, param] of cases) {
      const res = await create(a, body);
      expect({ status: res.status, code: res.body.error?.code, param: res.body.error?.param }, JSON.stringify(body)).toEqual({ status: 400, code, param });
    }
    expect((await create(a, { ...base, permissions: { payouts: "write" } })).body.error.message).toContain("permissions.payouts is not a resource: use payments, refunds,");
    expect((await create(a, { ...base, name: "x".repeat(60), permissions: { payments: "read" } })).status).toBe(201);
    expect((await call(keys.GET, "GET", "/dashboard-api/developers/keys", { headers: a.as("test") })).body.data).toHaveLength(1);
  });

  it("live keys wait for production access; another merchant's application is 404", async () => {
    const a = await account();
    const body = { application_id: a.applicationId, name: "Live", permissions: { payments: "read" } };
    const live = await create(a, body, "live");
    expect([live.status, live.body.error.code]).toEqual([409, "PRODUCTION_ACCESS_REQUIRED"]);
    await updateMerchant(db(), a.merchantId, { productionEnabled: true });
    expect((await create(a, body, "live")).body.data.key).toMatch(/^sk_live_/);
    const b = await account("Autre Boutique");
    expect((await create(b, body)).status).toBe(404);
  });
});
