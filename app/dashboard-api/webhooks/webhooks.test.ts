import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as endpointRoute from "@/app/dashboard-api/webhooks/endpoints/[id]/route";
import * as logRoute from "@/app/dashboard-api/webhooks/logs/[id]/route";
import * as overviewRoute from "@/app/dashboard-api/webhooks/route";
import * as v1Endpoints from "@/app/v1/webhooks/endpoints/route";
import { db } from "@/db/client";
import { auditLog, webhookDeliveries, webhookEndpoints, type MerchantRole } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { createUser } from "@/lib/auth/users";
import { deliverDue } from "@/lib/webhooks/deliver";
import { emitTestEvent, startReceiver } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const ORIGIN = "http://localhost:3000";
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup() {
  const created = await newMerchant({ name: "Boutique Webhooks" });
  const as = async (role: MerchantRole) => {
    const user = await createUser(db(), { email: `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@hooks.example.ml`, password: "phrase de passe solide", role: "merchant", merchantId: created.merchant.id, merchantRole: role });
    return { user, headers: { cookie: `${await mintSessionCookie(user)}; cauri_mode=test`, origin: ORIGIN } };
  };
  const made = await call(v1Endpoints.POST, "POST", "/v1/webhooks/endpoints", { key: created.testKey, body: { url: "https://hooks.example.ml/cauri" } });
  expect(made.status).toBe(201);
  return { ...created, as, endpointId: made.body.data.id as string, secret: made.body.data.secret as string };
}

const endpointRow = async (id: string) => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];
const patch = (id: string, body: unknown, headers: Record<string, string>) => call(endpointRoute.PATCH, "PATCH", `/dashboard-api/webhooks/endpoints/${id}`, { params: { id }, body, headers });
const remove = (id: string, headers: Record<string, string>) => call(endpointRoute.DELETE, "DELETE", `/dashboard-api/webhooks/endpoints/${id}`, { params: { id }, headers });
const auditOf = (merchantId: string) => db().select().from(auditLog).where(eq(auditLog.merchantId, merchantId)).orderBy(desc(auditLog.createdAt), desc(auditLog.id));

describe("webhook endpoints edited and deleted from the dashboard", () => {
  it("a developer changes the URL, the events and the switch, then deletes it; both are audited under the member, never with the secret", async () => {
    const s = await setup();
    const dev = await s.as("developer");
    const changed = await patch(s.endpointId, { url: "https://hooks.example.ml/v2", enabled_events: ["payment.failed", "payment.success", "payment.failed"], enabled: false }, dev.headers);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: s.endpointId, url: "https://hooks.example.ml/v2", enabled_events: ["payment.failed", "payment.success"], enabled: false });
    expect(await endpointRow(s.endpointId)).toMatchObject({ url: "https://hooks.example.ml/v2", enabledEvents: ["payment.failed", "payment.success"], enabled: false });

    const deleted = await remove(s.endpointId, dev.headers);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: s.endpointId, deleted: true });
    expect((await endpointRow(s.endpointId)).deletedAt).not.toBeNull();
    const overview = await call(overviewRoute.GET, "GET", "/dashboard-api/webhooks", { headers: dev.headers });
    expect(overview.body.data.endpoints).toEqual([]);
    // Deleted once: a second delete, or an edit, finds nothing.
    expect((await remove(s.endpointId, dev.headers)).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    expect((await patch(s.endpointId, { enabled: true }, dev.headers)).status).toBe(404);

    const [del, upd] = await auditOf(s.merchant.id);
    expect(upd).toMatchObject({ actor: `user:${dev.user.id}`, action: "webhook_endpoint.update", before: { url: "https://hooks.example.ml/cauri", enabled: true }, after: { url: "https://hooks.example.ml/v2", enabled: false } });
    expect(del).toMatchObject({ actor: `user:${dev.user.id}`, action: "webhook_endpoint.delete", targetId: s.endpointId, after: null });
    expect(JSON.stringify([upd, del])).not.toContain(s.secret);
  });

  it("refuses an invalid URL or event type naming the field, and changes nothing", async () => {
    const s = await setup();
    const dev = await s.as("admin");
    const before = await endpointRow(s.endpointId);
    const badUrl = await patch(s.endpointId, { url: "pas une adresse" }, dev.headers);
    expect([badUrl.status, badUrl.body.error.code, badUrl.body.error.param]).toEqual([400, "INVALID_WEBHOOK_URL", "url"]);
    const badEvent = await patch(s.endpointId, { enabled_events: ["payment.nope"] }, dev.headers);
    expect([badEvent.status, badEvent.body.error.code]).toEqual([400, "INVALID_EVENT_TYPE"]);
    const none = await patch(s.endpointId, { enabled_events: [] }, dev.headers);
    expect([none.status, none.body.error.code]).toEqual([400, "INVALID_EVENT_TYPE"]);
    const badSwitch = await patch(s.endpointId, { enabled: "oui" }, dev.headers);
    expect([badSwitch.status, badSwitch.body.error.param]).toEqual([400, "enabled"]);
    expect(await endpointRow(s.endpointId)).toEqual(before);
    // Another merchant's endpoint does not exist for this member.
    const other = await setup();
    expect((await remove(other.endpointId, dev.headers)).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    expect((await endpointRow(other.endpointId)).deletedAt).toBeNull();
  });

  it("a viewer may neither edit nor delete (403 ROLE_FORBIDDEN), nor open a delivery's payload", async () => {
    const s = await setup();
    const viewer = await s.as("viewer");
    const before = await endpointRow(s.endpointId);
    const edited = await patch(s.endpointId, { enabled: false }, viewer.headers);
    const deleted = await remove(s.endpointId, viewer.headers);
    expect([edited.status, edited.body.error.code, deleted.status, deleted.body.error.code]).toEqual([403, "ROLE_FORBIDDEN", 403, "ROLE_FORBIDDEN"]);
    expect(await endpointRow(s.endpointId)).toEqual(before);
    const log = await call(logRoute.GET, "GET", "/dashboard-api/webhooks/logs/whd_x", { params: { id: "whd_x" }, headers: viewer.headers });
    expect([log.status, log.body.error.code]).toEqual([403, "ROLE_FORBIDDEN"]);
  });

  it("a delivery opens with its payload and each attempt's request and response", async () => {
    const receiver = await startReceiver(() => ({ status: 200, body: "merci", headers: { "x-boutique": "ok" } }));
    cleanups.push(receiver.close);
    const s = await setup();
    const dev = await s.as("developer");
    await patch(s.endpointId, { url: receiver.url }, dev.headers);
    const event = await emitTestEvent({ merchantId: s.merchant.id, applicationId: s.applicationId });
    await deliverDue(db(), { merchantId: s.merchant.id, policy: { schedule: [0], timeoutMs: 2_000, allowPrivateTargets: true } });
    const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));

    const res = await call(logRoute.GET, "GET", `/dashboard-api/webhooks/logs/${delivery.id}`, { params: { id: delivery.id }, headers: dev.headers });
    expect(res.status).toBe(200);
    const detail = res.body.data;
    expect(detail).toMatchObject({ id: delivery.id, status: "SUCCESS", event: { id: event.id, type: "payment.success" } });
    const [attempt] = detail.attempts;
    expect(attempt).toMatchObject({ url: receiver.url, response_status: 200, response_excerpt: "merci" });
    expect(attempt.request_headers).toContainEqual(["webhook-id", event.id]);
    expect(attempt.response_headers).toContainEqual(["x-boutique", "ok"]);
    expect(JSON.stringify(detail)).not.toContain(s.secret.slice("whsec_".length));
    const missing = await call(logRoute.GET, "GET", "/dashboard-api/webhooks/logs/whd_missing", { params: { id: "whd_missing" }, headers: dev.headers });
    expect([missing.status, missing.body.error.code]).toEqual([404, "WEBHOOK_LOG_NOT_FOUND"]);
  });
});
