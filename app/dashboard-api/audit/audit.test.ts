import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as dashboardKeys from "@/app/dashboard-api/developers/keys/route";
import * as dashboardRevoke from "@/app/dashboard-api/developers/keys/[id]/revoke/route";
import * as dashboardEndpoint from "@/app/dashboard-api/webhooks/endpoints/[id]/route";
import * as dashboardWithdrawals from "@/app/dashboard-api/withdrawals/route";
import * as v1Endpoints from "@/app/v1/webhooks/endpoints/route";
import * as v1Endpoint from "@/app/v1/webhooks/endpoints/[id]/route";
import * as v1Withdrawals from "@/app/v1/withdrawals/route";
import { db } from "@/db/client";
import { apiKeys, auditLog } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { createUser } from "@/lib/auth/users";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const ORIGIN = "http://localhost:3000";
const rows = (merchantId: string) => db().select().from(auditLog).where(eq(auditLog.merchantId, merchantId)).orderBy(desc(auditLog.createdAt), desc(auditLog.id));

async function setup() {
  const created = await newMerchant({ name: "Boutique Audit", kycStatus: "approved" });
  const dev = await createUser(db(), { email: `dev-${Date.now()}-${Math.floor(Math.random() * 1e6)}@audit.example.ml`, password: "phrase de passe solide", role: "merchant", merchantId: created.merchant.id, merchantRole: "admin" });
  const headers = { cookie: `${await mintSessionCookie(dev)}; cauri_mode=test`, origin: ORIGIN };
  const keys = await db().select().from(apiKeys).where(eq(apiKeys.merchantId, created.merchant.id));
  return { ...created, dev, headers, testKeyId: keys.find((k) => k.mode === "test")!.id };
}

describe("sensitive actions are in the merchant's own audit log, with who did them", () => {
  it("API keys created and revoked from the dashboard: actor user:<id>, no secret in the row", async () => {
    const s = await setup();
    const made = await call(dashboardKeys.POST, "POST", "/dashboard-api/developers/keys", { body: { application_id: s.applicationId }, headers: s.headers });
    expect(made.status).toBe(201);
    const id = made.body.data.view.id as string;
    const revoked = await call(dashboardRevoke.POST, "POST", `/dashboard-api/developers/keys/${id}/revoke`, { params: { id }, headers: s.headers });
    expect(revoked.status).toBe(200);
    const [revokeRow, createRow] = await rows(s.merchant.id);
    expect(createRow).toMatchObject({ actor: `user:${s.dev.id}`, action: "api_key.create", targetType: "api_key", targetId: id, after: { mode: "test", display: made.body.data.view.display } });
    expect(revokeRow).toMatchObject({ actor: `user:${s.dev.id}`, action: "api_key.revoke", targetId: id });
    expect(JSON.stringify([createRow, revokeRow])).not.toContain(made.body.data.key);
  });

  it("webhook endpoints created and deleted through the API: actor api_key:<key id>; changed from the dashboard: user:<id>; never the secret", async () => {
    const s = await setup();
    const made = await call(v1Endpoints.POST, "POST", "/v1/webhooks/endpoints", { key: s.testKey, body: { url: "https://hooks.example.ml/cauri" } });
    expect(made.status).toBe(201);
    const id = made.body.data.id as string;
    const changed = await call(dashboardEndpoint.PATCH, "PATCH", `/dashboard-api/webhooks/endpoints/${id}`, { params: { id }, body: { url: "https://hooks.example.ml/v2" }, headers: s.headers });
    expect(changed.status).toBe(200);
    expect((await call(v1Endpoint.DELETE, "DELETE", `/v1/webhooks/endpoints/${id}`, { key: s.testKey, params: { id } })).status).toBe(200);
    const [deleted, updated, created] = await rows(s.merchant.id);
    expect(created).toMatchObject({ actor: `api_key:${s.testKeyId}`, action: "webhook_endpoint.create", targetId: id, before: null, after: { url: "https://hooks.example.ml/cauri" } });
    expect(updated).toMatchObject({ actor: `user:${s.dev.id}`, action: "webhook_endpoint.update", before: { url: "https://hooks.example.ml/cauri" }, after: { url: "https://hooks.example.ml/v2" } });
    expect(deleted).toMatchObject({ actor: `api_key:${s.testKeyId}`, action: "webhook_endpoint.delete", after: null });
    expect(JSON.stringify([created, updated, deleted])).not.toContain(made.body.data.secret);
  });

  it("withdrawals requested from the dashboard and the API; a refused request leaves no row; the phone number stays out", async () => {
    const s = await setup();
    await postJournal(db(), {
      merchantId: s.merchant.id,
      mode: "test",
      kind: "test.credit",
      refType: "test",
      refId: newId("ref"),
      entries: [
        { account: "operator_clearing", amount: -200_000 },
        { account: "merchant_available", amount: 200_000 },
      ],
      at: new Date(),
    });
    const body = { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" };
    expect((await call(dashboardWithdrawals.POST, "POST", "/dashboard-api/withdrawals", { body, headers: s.headers })).status).toBe(201);
    expect((await call(v1Withdrawals.POST, "POST", "/v1/withdrawals", { key: s.testKey, body, idempotencyKey: newId("idem") })).status).toBe(201);
    const refused = await call(v1Withdrawals.POST, "POST", "/v1/withdrawals", { key: s.testKey, body: { ...body, amount: 150_000 }, idempotencyKey: newId("idem") });
    expect(refused.body.error?.code).toBe("INSUFFICIENT_BALANCE");
    const [api, dashboard, ...rest] = await rows(s.merchant.id);
    expect(rest).toEqual([]);
    expect(dashboard).toMatchObject({ actor: `user:${s.dev.id}`, action: "withdrawal.request", targetType: "withdrawal", after: { amount: 50_000, mode: "test" } });
    expect(api).toMatchObject({ actor: `api_key:${s.testKeyId}`, action: "withdrawal.request" });
    expect(JSON.stringify([api, dashboard])).not.toContain("70000001");
  });
});
