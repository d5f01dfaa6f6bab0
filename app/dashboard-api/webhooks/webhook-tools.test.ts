import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as endpointRoute from "@/app/dashboard-api/webhooks/endpoints/[id]/route";
import * as resendFailedRoute from "@/app/dashboard-api/webhooks/endpoints/[id]/resend-failed/route";
import * as rollRoute from "@/app/dashboard-api/webhooks/endpoints/[id]/roll/route";
import * as resendRoute from "@/app/dashboard-api/webhooks/events/[event_id]/resend/route";
import * as verifyRoute from "@/app/dashboard-api/webhooks/verify/route";
import * as v1Endpoints from "@/app/v1/webhooks/endpoints/route";
import { db } from "@/db/client";
import { webhookDeliveries, type MerchantRole } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { createUser } from "@/lib/auth/users";
import { deliverDue } from "@/lib/webhooks/deliver";
import { newSigningSecret } from "@/lib/webhooks/secret";
import { signatureHeaders } from "@/lib/webhooks/sign";
import { deliveryRow, emitTestEvent, startReceiver, type Received } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const ORIGIN = "http://localhost:3000";
const FAST = { schedule: [0], timeoutMs: 2_000, allowPrivateTargets: true };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A merchant with one endpoint on a real receiver (answering per `status(n)`), and members by role. */
async function setup(status: (n: number) => number = () => 200) {
  const receiver = await startReceiver((n) => ({ status: status(n) }));
  cleanups.push(receiver.close);
  const created = await newMerchant({ name: "Boutique Outils" });
  const as = async (role: MerchantRole) => {
    const user = await createUser(db(), { email: `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@tools.example.ml`, password: "phrase de passe solide", role: "merchant", merchantId: created.merchant.id, merchantRole: role });
    return { user, headers: { cookie: `${await mintSessionCookie(user)}; cauri_mode=test`, origin: ORIGIN } };
  };
  const made = await call(v1Endpoints.POST, "POST", "/v1/webhooks/endpoints", { key: created.testKey, body: { url: receiver.url } });
  expect(made.status).toBe(201);
  return { ...created, receiver, as, endpointId: made.body.data.id as string, secret: made.body.data.secret as string };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** An event emitted and delivered by the worker; answers it with what the receiver got. */
async function delivered(s: Setup) {
  const event = await emitTestEvent({ merchantId: s.merchant.id, applicationId: s.applicationId });
  await deliverDue(db(), { merchantId: s.merchant.id, policy: FAST });
  const received = s.receiver.received.find((r) => r.headers["webhook-id"] === event.id)!;
  const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
  return { event, received, delivery };
}

/** The received headers as a server log prints them. */
const headerText = (r: Pick<Received, "headers">) =>
  Object.entries(r.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");

const verify = (body: unknown, headers: Record<string, string>) => call(verifyRoute.POST, "POST", "/dashboard-api/webhooks/verify", { body, headers });
const resend = (eventId: string, body: unknown, headers: Record<string, string>) =>
  call(resendRoute.POST, "POST", `/dashboard-api/webhooks/events/${eventId}/resend`, { params: { event_id: eventId }, body, headers });
const resendFailed = (id: string, body: unknown, headers: Record<string, string>) =>
  call(resendFailedRoute.POST, "POST", `/dashboard-api/webhooks/endpoints/${id}/resend-failed`, { params: { id }, body, headers });

describe("the signature debugger through the dashboard", () => {
  it("a real delivery is valid with the endpoint's current secret; edited, re-serialised or signed by another secret, it says why", async () => {
    const s = await setup();
    const dev = await s.as("developer");
    const { received } = await delivered(s);
    const headers = headerText(received);

    const valid = await verify({ endpoint_id: s.endpointId, body: received.body, headers }, dev.headers);
    expect(valid.status).toBe(200);
    expect(valid.body.data).toMatchObject({ object: "webhook_signature_diagnosis", verdict: "valid", secret: "current", scheme: "standard_webhooks" });
    expect(valid.body.data.schemes.map((x: { verdict: string }) => x.verdict)).toEqual(["valid", "valid"]);
    // The same with the secret pasted.
    expect((await verify({ secret: s.secret, body: received.body, headers }, dev.headers)).body.data).toMatchObject({ verdict: "valid", secret: "pasted" });

    const edited = received.body.replace('"amount":1500', '"amount":1');
    expect((await verify({ endpoint_id: s.endpointId, body: edited, headers }, dev.headers)).body.data).toMatchObject({
      verdict: "body_changed",
      difference: { kind: "field", path: "data.amount", change: "changed" },
      original_signature_matches: true,
    });
    const pretty = JSON.stringify(JSON.parse(received.body), null, 2);
    expect((await verify({ endpoint_id: s.endpointId, body: pretty, headers }, dev.headers)).body.data).toMatchObject({ verdict: "body_changed", difference: { kind: "formatting" } });

    // The body unchanged, checked against a secret that did not sign it: another secret, known because the event is ours.
    const other = await verify({ secret: newSigningSecret(), body: received.body, headers }, dev.headers);
    expect(other.body.data).toMatchObject({ verdict: "other_secret" });
    expect(other.body.data.schemes.every((x: { event_found: boolean }) => x.event_found)).toBe(true);

    // Nothing in any answer is a signature or the secret.
    for (const answer of [valid, other]) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(s.secret.slice("whsec_".length, 24));
      expect(text).not.toContain(received.headers["webhook-signature"].slice(3, 24));
      expect(text).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it("timestamps out of tolerance, a rolled secret, missing, malformed and mismatched headers", async () => {
    const s = await setup();
    const dev = await s.as("admin");
    const event = await emitTestEvent({ merchantId: s.merchant.id, applicationId: s.applicationId });
    await deliverDue(db(), { merchantId: s.merchant.id, policy: FAST });
    const received = s.receiver.received.find((r) => r.headers["webhook-id"] === event.id)!;
    const at = (offsetSeconds: number) => headerText({ headers: signatureHeaders(event.id, received.body, [s.secret], new Date(Date.now() + offsetSeconds * 1000)) });
    const check = async (over: { body?: string; headers: string }) => (await verify({ endpoint_id: s.endpointId, body: received.body, ...over }, dev.headers)).body.data;

    const old = await check({ headers: at(-3600) });
    expect(old).toMatchObject({ verdict: "timestamp_too_old", secret: "current" });
    expect(old.seconds).toBeGreaterThanOrEqual(3600);
    expect(await check({ headers: at(900) })).toMatchObject({ verdict: "timestamp_in_future", secret: "current" });
    expect(await check({ headers: "content-type: application/json" })).toMatchObject({ verdict: "headers_missing", headers: ["webhook-signature", "X-Service-Signature"] });
    expect(await check({ headers: `webhook-id: ${event.id}\nwebhook-signature: ${received.headers["webhook-signature"]}` })).toMatchObject({ verdict: "headers_missing", headers: ["webhook-timestamp"] });
    expect(await check({ headers: `webhook-id: ${event.id}\nwebhook-timestamp: hier\nwebhook-signature: v1,x` })).toMatchObject({ verdict: "header_malformed", header: "webhook-timestamp" });
    expect(await check({ body: received.body.replace(event.id, "evt_autre"), headers: headerText(received) })).toMatchObject({ verdict: "id_mismatch", header_id: event.id, body_id: "evt_autre" });

    // Rolled with a grace period: the old delivery is signed by the previous secret, still accepted.
    const rolled = await call(rollRoute.POST, "POST", `/dashboard-api/webhooks/endpoints/${s.endpointId}/roll`, { params: { id: s.endpointId }, body: { grace_period_seconds: 3600 }, headers: dev.headers });
    expect(rolled.status).toBe(200);
    expect(await check({ headers: headerText(received) })).toMatchObject({ verdict: "valid", secret: "previous" });
    // Rolled again at once: that secret no longer signs anything.
    await call(rollRoute.POST, "POST", `/dashboard-api/webhooks/endpoints/${s.endpointId}/roll`, { params: { id: s.endpointId }, body: { grace_period_seconds: 0 }, headers: dev.headers });
    expect(await check({ headers: headerText(received) })).toMatchObject({ verdict: "other_secret" });
  });

  it("another merchant's event is not looked at, and its endpoint does not exist here", async () => {
    const s = await setup();
    const other = await setup();
    const dev = await s.as("developer");
    const { received } = await delivered(other);
    // Their delivery checked against our endpoint: their body is not ours to compare, so nothing is claimed.
    const d = await verify({ endpoint_id: s.endpointId, body: received.body, headers: headerText(received) }, dev.headers);
    expect(d.body.data).toMatchObject({ verdict: "no_match" });
    expect(d.body.data.schemes.every((x: { event_found: boolean }) => !x.event_found)).toBe(true);
    const theirs = await verify({ endpoint_id: other.endpointId, body: received.body, headers: headerText(received) }, dev.headers);
    expect([theirs.status, theirs.body.error.code]).toEqual([404, "WEBHOOK_ENDPOINT_NOT_FOUND"]);
  });

  it("refuses without a session, from another origin, to a viewer, and bad input naming the field", async () => {
    const s = await setup();
    const dev = await s.as("developer");
    const viewer = await s.as("viewer");
    const ok = { endpoint_id: s.endpointId, body: "{}", headers: "" };
    const anonymous = await verify(ok, { origin: ORIGIN });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, "SESSION_REQUIRED"]);
    const forged = await verify(ok, { ...dev.headers, origin: "https://evil.example" });
    expect([forged.status, forged.body.error.code]).toEqual([403, "CSRF_REJECTED"]);
    const noOrigin = await verify(ok, { cookie: dev.headers.cookie });
    expect([noOrigin.status, noOrigin.body.error.code]).toEqual([403, "CSRF_REJECTED"]);
    const refused = await verify(ok, viewer.headers);
    expect([refused.status, refused.body.error.code]).toEqual([403, "ROLE_FORBIDDEN"]);

    const neither = await verify({ body: "{}", headers: "" }, dev.headers);
    expect([neither.status, neither.body.error.code, neither.body.error.param]).toEqual([400, "INVALID_FIELD", "endpoint_id"]);
    const both = await verify({ ...ok, secret: s.secret }, dev.headers);
    expect([both.status, both.body.error.param]).toEqual([400, "endpoint_id"]);
    const badSecret = await verify({ secret: "sk_test_abc", body: "{}", headers: "" }, dev.headers);
    expect([badSecret.status, badSecret.body.error.code, badSecret.body.error.param]).toEqual([400, "INVALID_FIELD", "secret"]);
    expect(JSON.stringify(badSecret.body)).not.toContain("sk_test_abc");
    const noBody = await verify({ endpoint_id: s.endpointId, headers: "" }, dev.headers);
    expect([noBody.status, noBody.body.error.code, noBody.body.error.param]).toEqual([400, "MISSING_FIELD", "body"]);
    // Limits at their edge: 256 KB of body, 16 KB of headers.
    expect((await verify({ ...ok, body: "x".repeat(256 * 1024) }, dev.headers)).status).toBe(200);
    const tooLong = await verify({ ...ok, body: "x".repeat(256 * 1024 + 1) }, dev.headers);
    expect([tooLong.status, tooLong.body.error.param]).toEqual([400, "body"]);
    expect((await verify({ ...ok, headers: "x".repeat(16 * 1024) }, dev.headers)).status).toBe(200);
    expect((await verify({ ...ok, headers: "x".repeat(16 * 1024 + 1) }, dev.headers)).body.error.param).toBe("headers");
  });
});

describe("resending from the dashboard", () => {
  it("resends a delivered event to its endpoint as a new manual attempt; another merchant's event is not found", async () => {
    const s = await setup();
    const dev = await s.as("developer");
    const { event, delivery } = await delivered(s);
    expect(delivery.status).toBe("SUCCESS");

    const res = await resend(event.id, { endpoint_id: s.endpointId }, dev.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: delivery.id, status: "SUCCESS", attempt_count: 2 });
    expect(res.body.data[0].attempts.map((a: { trigger: string }) => a.trigger)).toEqual(["automatic", "manual"]);
    expect(s.receiver.received.filter((r) => r.headers["webhook-id"] === event.id)).toHaveLength(2);
    // Without an endpoint: every endpoint that receives the type.
    const all = await resend(event.id, {}, dev.headers);
    expect([all.status, all.body.data.length]).toEqual([200, 1]);

    const other = await setup();
    const theirs = await delivered(other);
    const notOurs = await resend(theirs.event.id, {}, dev.headers);
    expect([notOurs.status, notOurs.body.error.code]).toEqual([404, "EVENT_NOT_FOUND"]);
    const theirEndpoint = await resend(event.id, { endpoint_id: other.endpointId }, dev.headers);
    expect([theirEndpoint.status, theirEndpoint.body.error.code]).toEqual([404, "WEBHOOK_ENDPOINT_NOT_FOUND"]);
    expect(other.receiver.received).toHaveLength(1);
  });

  it("a viewer may not resend, nor may a request from another origin", async () => {
    const s = await setup();
    const viewer = await s.as("viewer");
    const dev = await s.as("developer");
    const { event } = await delivered(s);
    const refused = await resend(event.id, {}, viewer.headers);
    expect([refused.status, refused.body.error.code]).toEqual([403, "ROLE_FORBIDDEN"]);
    const forged = await resend(event.id, {}, { ...dev.headers, origin: "https://evil.example" });
    expect([forged.status, forged.body.error.code]).toEqual([403, "CSRF_REJECTED"]);
    const windowRefused = await resendFailed(s.endpointId, { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() }, viewer.headers);
    expect([windowRefused.status, windowRefused.body.error.code]).toEqual([403, "ROLE_FORBIDDEN"]);
    expect(s.receiver.received).toHaveLength(1);
  });

  it("queues an endpoint's failed deliveries of a window; the worker sends them again", async () => {
    // The receiver refuses the first delivery, then accepts.
    const s = await setup((n) => (n === 1 ? 500 : 200));
    const dev = await s.as("developer");
    const { event, delivery } = await delivered(s);
    expect(delivery.status).toBe("FAILED");
    const window = { from: new Date(Date.now() - 24 * 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };

    const res = await resendFailed(s.endpointId, window, dev.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ object: "webhook_resend", endpoint_id: s.endpointId, queued: 1, delivery_ids: [delivery.id], has_more: false });
    expect((await deliveryRow(delivery.id)).status).toBe("PENDING");
    await deliverDue(db(), { merchantId: s.merchant.id, policy: FAST });
    expect((await deliveryRow(delivery.id)).status).toBe("SUCCESS");
    expect(s.receiver.received.filter((r) => r.headers["webhook-id"] === event.id)).toHaveLength(2);
    // Nothing failed is left: a second call queues nothing.
    expect((await resendFailed(s.endpointId, window, dev.headers)).body.data).toMatchObject({ queued: 0, delivery_ids: [], has_more: false });

    const backwards = await resendFailed(s.endpointId, { from: window.to, to: window.from }, dev.headers);
    expect([backwards.status, backwards.body.error.code]).toEqual([400, "INVALID_RESEND_WINDOW"]);
    const notADate = await resendFailed(s.endpointId, { from: "hier", to: window.to }, dev.headers);
    expect([notADate.status, notADate.body.error.param]).toEqual([400, "from"]);
    const other = await setup();
    const theirs = await resendFailed(other.endpointId, window, dev.headers);
    expect([theirs.status, theirs.body.error.code]).toEqual([404, "WEBHOOK_ENDPOINT_NOT_FOUND"]);
    // A disabled endpoint's deliveries would end unsent: refused.
    await call(endpointRoute.PATCH, "PATCH", `/dashboard-api/webhooks/endpoints/${s.endpointId}`, { params: { id: s.endpointId }, body: { enabled: false }, headers: dev.headers });
    expect((await resendFailed(s.endpointId, window, dev.headers)).body.error.code).toBe("WEBHOOK_ENDPOINT_DISABLED");
  });
});
