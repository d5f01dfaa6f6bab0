import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import { deliverDue, dispatchEvents } from "@/lib/webhooks/deliver";
import { defaultPolicy } from "@/lib/webhooks/policy";
import { emitTestEvent, endpointFor, merchantContext, startReceiver } from "@/lib/webhooks/test-support";
import { addresses, mailsOf, team } from "./test-support";
import { failingStreak, notifyIfEndpointFailing, WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_FAILING_AFTER_MS } from "./webhook-failing";

const HOUR = 3_600_000;
const policy = { ...defaultPolicy(), timeoutMs: 2_000 };

let receivers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

/** A merchant with its team, an endpoint and one delivery to it (not yet attempted). */
async function endpointWithDelivery(url = "https://hooks.example.ml/cauri") {
  const m = await merchantContext("test", { name: "Boutique Webhook" });
  const t = await team(m.merchant.id, "webhook_failing");
  const endpoint = await endpointFor(m.ctx, url);
  await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
  const { deliveries } = await dispatchEvents(db(), { merchantId: m.merchant.id });
  return { m, t, endpoint, deliveryId: deliveries[0] };
}

let number = 0;
const attempt = (deliveryId: string, status: "SUCCESS" | "FAILED", startedAt: Date, id = newId("wha")) =>
  db()
    .insert(webhookAttempts)
    .values({ id, deliveryId, number: ++number, trigger: "automatic", url: "https://hooks.example.ml/cauri", status, statusCode: status === "FAILED" ? 500 : 200, error: null, responseExcerpt: null, durationMs: 12, startedAt })
    .then(() => id);

describe("webhook endpoint failing for 24 hours", () => {
  it("is told at 24:00 of failing, not at 23:59, and once per failing streak", async () => {
    const { t, endpoint, deliveryId } = await endpointWithDelivery();
    const start = new Date(Date.now() - 72 * HOUR);
    const prefix = `webhook-failing:${endpoint.id}:`;
    const first = await attempt(deliveryId, "FAILED", start);
    await attempt(deliveryId, "FAILED", new Date(start.getTime() + 12 * HOUR));
    expect(await failingStreak(db(), endpoint.id)).toEqual({ attemptId: first, startedAt: start });

    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(WEBHOOK_FAILING_AFTER_MS - 60_000) })).toBe(0);
    expect(await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(WEBHOOK_FAILING_AFTER_MS - 1) })).toBe(0);
    expect(await mailsOf(prefix)).toEqual([]);

    expect(await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(WEBHOOK_FAILING_AFTER_MS) })).toBe(2);
    const rows = await mailsOf(prefix);
    expect(rows.map((r) => r.to)).toEqual(addresses(t.eligible));
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual(t.eligible.map((u) => `webhook-failing:${endpoint.id}:${first}:${u.id}`).sort());
    expect(rows[0].subject).toBe("[Test] Votre webhook échoue depuis 24 heures");
    expect(rows[0].text).toContain("Adresse : https://hooks.example.ml/cauri");
    expect(rows[0].text).toContain("Dernière erreur : HTTP 500");

    // Still the same streak, hours later: nothing more.
    expect(await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(30 * HOUR) })).toBe(0);
    expect(await mailsOf(prefix)).toHaveLength(2);

    // A success ends the streak; the next failure starts a new one, told 24 hours later.
    await attempt(deliveryId, "SUCCESS", at(31 * HOUR));
    expect(await failingStreak(db(), endpoint.id)).toBeNull();
    const second = await attempt(deliveryId, "FAILED", at(32 * HOUR));
    expect((await failingStreak(db(), endpoint.id))?.attemptId).toBe(second);
    expect(await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(32 * HOUR + WEBHOOK_FAILING_AFTER_MS - 1) })).toBe(0);
    expect(await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(32 * HOUR + WEBHOOK_FAILING_AFTER_MS) })).toBe(2);
    expect((await mailsOf(`webhook-failing:${endpoint.id}:${second}:`)).map((r) => r.to)).toEqual(addresses(t.eligible));
  });

  it("mails each recipient once when two failed attempts of one streak are recorded at the same time", async () => {
    const { t, endpoint, deliveryId } = await endpointWithDelivery();
    const start = new Date(Date.now() - 30 * HOUR);
    await attempt(deliveryId, "FAILED", start);
    const at = new Date(start.getTime() + WEBHOOK_FAILING_AFTER_MS + HOUR);
    const counts = await Promise.all([0, 1].map(() => db().transaction((tx) => notifyIfEndpointFailing(tx as never, { endpointId: endpoint.id, at }))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await mailsOf(`webhook-failing:${endpoint.id}:`)).map((r) => r.to)).toEqual(addresses(t.eligible));
  });

  it("is detected when the delivery worker records a failed attempt, in that attempt's transaction; a success mails nobody", async () => {
    const failing = await startReceiver(() => ({ status: 503, body: "down" }));
    receivers.push(failing);
    const { m, t, endpoint, deliveryId } = await endpointWithDelivery(failing.url);
    const prefix = `webhook-failing:${endpoint.id}:`;
    // The endpoint already failed 24 hours ago (an earlier delivery's attempt).
    const first = await attempt(deliveryId, "FAILED", new Date(Date.now() - WEBHOOK_FAILING_AFTER_MS - 1_000));

    const [outcome] = await deliverDue(db(), { merchantId: m.merchant.id, policy });
    expect(outcome).toMatchObject({ deliveryId, status: "PENDING" });
    expect(failing.received).toHaveLength(1);
    const rows = await mailsOf(prefix);
    expect(rows.map((r) => r.to)).toEqual(addresses(t.eligible));
    expect(rows.every((r) => r.dedupeKey.startsWith(`${prefix}${first}:`))).toBe(true);
    expect(rows[0].text).toContain("Dernière erreur : HTTP 503");

    // Another merchant's endpoint failing for an hour only: nobody is told.
    const young = await endpointWithDelivery(failing.url);
    await attempt(young.deliveryId, "FAILED", new Date(Date.now() - HOUR));
    await deliverDue(db(), { merchantId: young.m.merchant.id, policy });
    expect(await mailsOf(`webhook-failing:${young.endpoint.id}:`)).toEqual([]);

    // An endpoint that answers again: its streak ends with the success, nobody is told.
    const healthy = await startReceiver();
    receivers.push(healthy);
    const back = await endpointWithDelivery(healthy.url);
    await attempt(back.deliveryId, "FAILED", new Date(Date.now() - 2 * WEBHOOK_FAILING_AFTER_MS));
    const [ok] = await deliverDue(db(), { merchantId: back.m.merchant.id, policy });
    expect(ok.status).toBe("SUCCESS");
    expect(await failingStreak(db(), back.endpoint.id)).toBeNull();
    expect(await mailsOf(`webhook-failing:${back.endpoint.id}:`)).toEqual([]);
  });
});

describe("webhook endpoint failing for 5 days", () => {
  const DAY = 24 * HOUR;
  const endpointRow = async (id: string) => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

  it("is the published period, Svix's", () => {
    expect(WEBHOOK_DISABLE_AFTER_MS).toBe(5 * DAY);
  });

  it("is disabled at 5 days of failing, not a millisecond before, with one mail to each owner and finance member", async () => {
    const { t, endpoint, deliveryId } = await endpointWithDelivery();
    const start = new Date(Date.now() - 6 * DAY);
    await attempt(deliveryId, "FAILED", start);
    const at = (ms: number) => new Date(start.getTime() + ms);
    const prefix = `webhook-disabled:${endpoint.id}:`;

    await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(WEBHOOK_DISABLE_AFTER_MS - 1) });
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, autoDisabledAt: null });
    expect(await mailsOf(prefix)).toEqual([]);

    // Two failures recorded at once at the edge: disabled once, mailed once.
    const counts = await Promise.all([0, 1].map(() => db().transaction((tx) => notifyIfEndpointFailing(tx as never, { endpointId: endpoint.id, at: at(WEBHOOK_DISABLE_AFTER_MS) }))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, autoDisabledAt: at(WEBHOOK_DISABLE_AFTER_MS) });
    const rows = await mailsOf(prefix);
    expect(rows.map((r) => r.to)).toEqual(addresses(t.eligible));
    expect(rows[0].subject).toBe("[Test] Votre webhook a été désactivé");
    expect(rows[0].text).toContain("Adresse : https://hooks.example.ml/cauri");
    expect(rows[0].text).toContain("Dernière erreur : HTTP 500");

    // Later failures of the same streak: nothing more.
    expect(await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(WEBHOOK_DISABLE_AFTER_MS + HOUR) })).toBe(0);
    expect(await mailsOf(prefix)).toHaveLength(2);
  });

  it("enabled again by the merchant, it gets 5 more days before the next disabling", async () => {
    const { endpoint, deliveryId } = await endpointWithDelivery();
    const start = new Date(Date.now() - 12 * DAY);
    await attempt(deliveryId, "FAILED", start);
    const at = (ms: number) => new Date(start.getTime() + ms);
    await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(WEBHOOK_DISABLE_AFTER_MS) });
    await db().update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, endpoint.id));

    await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(2 * WEBHOOK_DISABLE_AFTER_MS - 1) });
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
    await notifyIfEndpointFailing(db(), { endpointId: endpoint.id, at: at(2 * WEBHOOK_DISABLE_AFTER_MS) });
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, autoDisabledAt: at(2 * WEBHOOK_DISABLE_AFTER_MS) });
    expect(await mailsOf(`webhook-disabled:${endpoint.id}:${at(2 * WEBHOOK_DISABLE_AFTER_MS).toISOString()}:`)).toHaveLength(2);
  });

  it("is disabled by the worker's failed attempt that reaches 5 days; its other pending deliveries then end FAILED unsent", async () => {
    const failing = await startReceiver(() => ({ status: 503 }));
    receivers.push(failing);
    const { m, t, endpoint, deliveryId } = await endpointWithDelivery(failing.url);
    await attempt(deliveryId, "FAILED", new Date(Date.now() - WEBHOOK_DISABLE_AFTER_MS - 1_000));
    await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await dispatchEvents(db(), { merchantId: m.merchant.id });

    await deliverDue(db(), { merchantId: m.merchant.id, policy, limit: 1 });
    expect(failing.received).toHaveLength(1);
    expect((await endpointRow(endpoint.id)).enabled).toBe(false);
    expect((await mailsOf(`webhook-disabled:${endpoint.id}:`)).map((r) => r.to)).toEqual(addresses(t.eligible));

    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    expect(failing.received).toHaveLength(1);
    const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.every((d) => d.status === "FAILED" || d.status === "PENDING")).toBe(true);
    expect(rows.filter((d) => d.lastError === "endpoint disabled: not sent")).toHaveLength(1);
  });
});
