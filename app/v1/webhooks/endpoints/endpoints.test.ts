import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { createApplication } from "@/lib/platform/merchants";
import { issueApiKey } from "@/lib/platform/api-keys";
import { openSecret } from "@/lib/webhooks/secret";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { DELETE as remove, GET as getOne, PATCH as patch } from "./[id]/route";
import { POST as roll } from "./[id]/roll-secret/route";
import { GET as list, POST as create } from "./route";

afterEach(() => {
  vi.unstubAllEnvs();
});

const make = (key: string, body: unknown) => call(create, "POST", "/v1/webhooks/endpoints", { key, body });
const read = (key: string, id: string) => call(getOne, "GET", `/v1/webhooks/endpoints/${id}`, { key, params: { id } });

describe("POST /v1/webhooks/endpoints", () => {
  it("creates an endpoint and shows its whsec_ secret once", async () => {
    const m = await newMerchant();
    const res = await make(m.testKey, { url: "https://shop.example.ml/hooks", description: "Boutique" });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^we_[0-9a-z]{26}$/),
      url: "https://shop.example.ml/hooks",
      description: "Boutique",
      enabled_events: ["*"],
      enabled: true,
      application_id: m.applicationId,
      livemode: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { id, secret } = res.body.data;
    // Never again: not on read, not in the list.
    const got = await read(m.testKey, id);
    expect(got.status).toBe(200);
    expect(got.body.data).not.toHaveProperty("secret");
    const listed = await call(list, "GET", "/v1/webhooks/endpoints", { key: m.testKey });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).not.toHaveProperty("secret");
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    // At rest: ciphertext only.
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row.secretCiphertext).not.toContain(secret.slice(6, 20));
    expect(openSecret(id, row.secretCiphertext)).toBe(secret);
  });

  it("keeps the given event types (deduplicated), and [\"*\"] when \"*\" is among them", async () => {
    const m = await newMerchant();
    const a = await make(m.testKey, { url: "https://a.example.ml/", enabled_events: ["payment.success", "payment.failed", "payment.success"] });
    expect(a.body.data.enabled_events).toEqual(["payment.success", "payment.failed"]);
    const b = await make(m.testKey, { url: "https://b.example.ml/", enabled_events: ["payment.success", "*"], enabled: false });
    expect(b.body.data).toMatchObject({ enabled_events: ["*"], enabled: false });
  });

  it("accepts http in test mode; a live key needs https (WEBHOOK_URL_HTTPS_REQUIRED)", async () => {
    const m = await newLiveMerchant();
    expect((await make(m.testKey, { url: "http://shop.example.ml/hooks" })).status).toBe(201);
    const live = await make(m.liveKey, { url: "http://shop.example.ml/hooks" });
    expect(live.status).toBe(400);
    expect(live.body.error).toMatchObject({ code: "WEBHOOK_URL_HTTPS_REQUIRED", param: "url" });
    const ok = await make(m.liveKey, { url: "https://shop.example.ml/hooks" });
    expect(ok.status).toBe(201);
    expect(ok.body.data.livemode).toBe(true);
  });

  it("answers MISSING_FIELD without url and INVALID_WEBHOOK_URL for a bad one (2048 characters is the limit)", async () => {
    const m = await newMerchant();
    const missing = await make(m.testKey, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "MISSING_FIELD", param: "url" });
    for (const url of ["ftp://shop.example.ml/", "shop.example.ml/hooks", "https://user:pw@shop.example.ml/", "https://", 42, `https://shop.example.ml/${"a".repeat(2049 - 24)}`]) {
      const res = await make(m.testKey, { url });
      expect(res.status, String(url)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_WEBHOOK_URL", param: "url" });
    }
    const edge = `https://shop.example.ml/${"a".repeat(2048 - 24)}`;
    expect(edge).toHaveLength(2048);
    expect((await make(m.testKey, { url: edge })).status).toBe(201);
  });

  it("answers INVALID_EVENT_TYPE for an unknown, forbidden or empty list of types", async () => {
    const m = await newMerchant();
    for (const enabled_events of [["payment.cancelled"], ["payout.created"], ["refund.completed"], ["nope"], [], "payment.success"]) {
      const res = await make(m.testKey, { url: "https://a.example.ml/", enabled_events });
      expect(res.status, JSON.stringify(enabled_events)).toBe(400);
      expect(res.body.error.code).toBe("INVALID_EVENT_TYPE");
    }
  });

  it("refuses loopback, private and metadata URLs when private targets are not allowed (WEBHOOK_URL_NOT_ALLOWED)", async () => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "false");
    const m = await newMerchant();
    for (const url of ["http://127.0.0.1:8080/", "http://localhost/hooks", "http://[::1]/", "http://169.254.169.254/", "http://192.168.1.10/", "http://10.0.0.1/"]) {
      const res = await make(m.testKey, { url });
      expect(res.status, url).toBe(400);
      expect(res.body.error).toMatchObject({ code: "WEBHOOK_URL_NOT_ALLOWED", param: "url" });
    }
    expect((await make(m.testKey, { url: "https://hooks.example.ml/" })).status).toBe(201);
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "true");
    expect((await make(m.testKey, { url: "http://127.0.0.1:8080/" })).status).toBe(201);
  });

  it("allows 10 endpoints per application and mode; the 11th is WEBHOOK_ENDPOINT_LIMIT_REACHED, even when created concurrently", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => make(m.testKey, { url: `https://h${i}.example.ml/` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.body.error.code).toBe("WEBHOOK_ENDPOINT_LIMIT_REACHED");
    expect((await call(list, "GET", "/v1/webhooks/endpoints", { key: m.testKey })).body.data).toHaveLength(10);
    // Deleting one frees a place; the live mode has its own 10.
    const id = results.find((r) => r.status === 201)!.body.data.id;
    await call(remove, "DELETE", `/v1/webhooks/endpoints/${id}`, { key: m.testKey, params: { id } });
    expect((await make(m.testKey, { url: "https://again.example.ml/" })).status).toBe(201);
    expect((await make(m.testKey, { url: "https://again2.example.ml/" })).body.error.code).toBe("WEBHOOK_ENDPOINT_LIMIT_REACHED");
  });
});

describe("reading, updating and deleting endpoints", () => {
  it("updates url, description, event types and enabled; null clears the description", async () => {
    const m = await newMerchant();
    const { id } = (await make(m.testKey, { url: "https://a.example.ml/", description: "x" })).body.data;
    const res = await call(patch, "PATCH", `/v1/webhooks/endpoints/${id}`, {
      key: m.testKey,
      params: { id },
      body: { url: "https://b.example.ml/new", description: null, enabled_events: ["secure_order.paid"], enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, url: "https://b.example.ml/new", description: null, enabled_events: ["secure_order.paid"], enabled: false });
    const again = await call(patch, "PATCH", `/v1/webhooks/endpoints/${id}`, { key: m.testKey, params: { id }, body: { enabled: true } });
    expect(again.body.data).toMatchObject({ url: "https://b.example.ml/new", enabled: true, enabled_events: ["secure_order.paid"] });
  });

  it("validates a new url and types on PATCH like on creation", async () => {
    const m = await newLiveMerchant();
    const { id } = (await make(m.liveKey, { url: "https://a.example.ml/" })).body.data;
    const http = await call(patch, "PATCH", `/v1/webhooks/endpoints/${id}`, { key: m.liveKey, params: { id }, body: { url: "http://a.example.ml/" } });
    expect(http.body.error.code).toBe("WEBHOOK_URL_HTTPS_REQUIRED");
    const bad = await call(patch, "PATCH", `/v1/webhooks/endpoints/${id}`, { key: m.liveKey, params: { id }, body: { url: "nope" } });
    expect(bad.body.error.code).toBe("INVALID_WEBHOOK_URL");
    const types = await call(patch, "PATCH", `/v1/webhooks/endpoints/${id}`, { key: m.liveKey, params: { id }, body: { enabled_events: ["payment.cancelled"] } });
    expect(types.body.error.code).toBe("INVALID_EVENT_TYPE");
    expect((await read(m.liveKey, id)).body.data.url).toBe("https://a.example.ml/");
  });

  it("deletes an endpoint: then it is 404 everywhere and gone from the list", async () => {
    const m = await newMerchant();
    const { id } = (await make(m.testKey, { url: "https://a.example.ml/" })).body.data;
    const res = await call(remove, "DELETE", `/v1/webhooks/endpoints/${id}`, { key: m.testKey, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, deleted: true });
    expect((await read(m.testKey, id)).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    expect((await call(remove, "DELETE", `/v1/webhooks/endpoints/${id}`, { key: m.testKey, params: { id } })).status).toBe(404);
    expect((await call(list, "GET", "/v1/webhooks/endpoints", { key: m.testKey })).body.data).toEqual([]);
  });

  it("rolls the secret: a new whsec_ shown once, the old one gone (or kept for the grace period)", async () => {
    const m = await newMerchant();
    const created = (await make(m.testKey, { url: "https://a.example.ml/" })).body.data;
    const res = await call(roll, "POST", `/v1/webhooks/endpoints/${created.id}/roll-secret`, { key: m.testKey, params: { id: created.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.secret).toMatch(/^whsec_/);
    expect(res.body.data.secret).not.toBe(created.secret);
    let [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(openSecret(created.id, row.secretCiphertext)).toBe(res.body.data.secret);
    expect(row.previousSecretCiphertext).toBeNull();

    const graced = await call(roll, "POST", `/v1/webhooks/endpoints/${created.id}/roll-secret`, { key: m.testKey, params: { id: created.id }, body: { grace_period_seconds: 86_400 } });
    expect(graced.status).toBe(200);
    [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(openSecret(created.id, row.previousSecretCiphertext!)).toBe(res.body.data.secret);
    const hours = (row.previousSecretExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    for (const grace_period_seconds of [-1, 86_401, 1.5]) {
      const bad = await call(roll, "POST", `/v1/webhooks/endpoints/${created.id}/roll-secret`, { key: m.testKey, params: { id: created.id }, body: { grace_period_seconds } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: "INVALID_FIELD", param: "grace_period_seconds" });
    }
  });

  it("answers WEBHOOK_ENDPOINT_NOT_FOUND for another merchant's, another application's, the other mode's or an unknown endpoint, and changes nothing", async () => {
    const owner = await newLiveMerchant();
    const { id } = (await make(owner.testKey, { url: "https://a.example.ml/" })).body.data;
    const stranger = await newMerchant();
    const app2 = await createApplication(db(), owner.merchant.id, "Other app");
    const sibling = await issueApiKey(db(), { merchantId: owner.merchant.id, applicationId: app2.id, mode: "test" });
    for (const key of [stranger.testKey, sibling.key, owner.liveKey]) {
      expect((await read(key, id)).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
      expect((await read(key, id)).status).toBe(404);
      const p = await call(patch, "PATCH", `/v1/webhooks/endpoints/${id}`, { key, params: { id }, body: { url: "https://evil.example.com/" } });
      expect(p.body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
      expect((await call(roll, "POST", `/v1/webhooks/endpoints/${id}/roll-secret`, { key, params: { id } })).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
      expect((await call(remove, "DELETE", `/v1/webhooks/endpoints/${id}`, { key, params: { id } })).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
      expect((await call(list, "GET", "/v1/webhooks/endpoints", { key })).body.data).toEqual([]);
    }
    expect((await read(owner.testKey, "we_unknown")).body.error.code).toBe("WEBHOOK_ENDPOINT_NOT_FOUND");
    const still = await read(owner.testKey, id);
    expect(still.body.data).toMatchObject({ url: "https://a.example.ml/", enabled: true });
  });
});
