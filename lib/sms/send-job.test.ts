import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { smsOutbox } from "@/db/schema";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { TestSmppServer } from "@/tests/support/smpp-server";
import { smppOptions, type SmsSettings } from "./config";
import { enqueueSms, optOutOfSms } from "./outbox";
import { smsPolicy, type SmsPolicy } from "./policy";
import { claimDueSms, sendDueSms } from "./send-job";
import { closeSmsGateways } from "./transport";

const PHONE = "+22376554433";
const URL_ = "https://pay.cauri.test/o/ord_1";
// Quiet hours off unless a test says otherwise; retries a millisecond apart so a test can run them.
const policy: SmsPolicy = { ...smsPolicy({ SMS_QUIET_HOURS: "off" }), retryDelaysMs: [1, 1], timeoutMs: 1_000 };
let server: TestSmppServer;
let seq = 0;

const settings = (): SmsSettings => ({ sender: "Cauri", delivery: { kind: "smpp", smpp: smppOptions(server.url) } });
const rowOf = async (id: string) => (await db().select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0];
const request = (merchantId: string, mode: "test" | "live", overrides: Partial<Parameters<typeof enqueueSms>[1]> = {}) =>
  ({ merchantId, mode, to: PHONE, locale: "fr" as const, template: "payment_request" as const, params: { merchant: "Boutique Awa", amount: 5_000, url: URL_ }, dedupeKey: `t-${++seq}`, ...overrides }) as Parameters<typeof enqueueSms>[1];

beforeEach(async () => {
  server = await new TestSmppServer().start();
});
afterEach(async () => {
  closeSmsGateways();
  await server.stop();
});

describe("the SMS outbox and its job, through a real SMPP server", () => {
  it("sends a live message once, records its gateway id and segments, then its delivery receipt", async () => {
    const m = await newLiveMerchant();
    const queued = await enqueueSms(db(), request(m.merchant.id, "live"), policy);
    expect(queued).toMatchObject({ created: true, status: "PENDING" });
    expect(await sendDueSms(db(), { settings: settings(), policy })).toMatchObject([{ id: queued.id, status: "SENT", recorded: true }]);
    expect(server.received).toMatchObject([{ to: "22376554433", from: "Cauri", text: "Boutique Awa vous demande 5 000 FCFA. Payez ici : https://pay.cauri.test/o/ord_1" }]);
    expect(await rowOf(queued.id)).toMatchObject({ status: "SENT", encoding: "gsm7", segments: 1, gatewayMessageIds: ["gw-1"] });
    await server.sendReceipt("gw-1");
    expect(await rowOf(queued.id)).toMatchObject({ status: "DELIVERED", deliveryState: "DELIVERED" });
    expect((await rowOf(queued.id)).deliveredAt).not.toBeNull();
    // A second pass finds nothing: never a message twice for one cause.
    expect(await sendDueSms(db(), { settings: settings(), policy })).toEqual([]);
    expect(server.received).toHaveLength(1);
  });

  it("sends a merchant name the GSM alphabet lacks as UCS-2, its segments counted", async () => {
    const m = await newLiveMerchant();
    const queued = await enqueueSms(db(), request(m.merchant.id, "live", { params: { merchant: "Boutique Françoise et Cie à Sébénikoro, tissus", amount: 125_000, url: URL_ } }), policy);
    await sendDueSms(db(), { settings: settings(), policy });
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: "SENT", encoding: "ucs2", segments: 2 });
    expect(server.received.map((r) => r.dataCoding)).toEqual([8, 8]);
    expect(server.received.map((r) => r.text).join("")).toBe(row.text);
  });

  it("does not send a message whose number said STOP while it waited, unless the customer asked for it", async () => {
    const m = await newLiveMerchant();
    const waiting = await enqueueSms(db(), request(m.merchant.id, "live", { template: "delivery_code", params: { merchant: "Boutique Awa", code: "048213", url: URL_ } }), policy);
    const asked = await enqueueSms(db(), request(m.merchant.id, "live", { requested: true }), policy);
    await optOutOfSms(db(), m.merchant.id, PHONE);
    const outcomes = await sendDueSms(db(), { settings: settings(), policy });
    expect(outcomes.map((o) => [o.id, o.status])).toEqual(expect.arrayContaining([[waiting.id, "SUPPRESSED"], [asked.id, "SENT"]]));
    expect(await rowOf(waiting.id)).toMatchObject({ status: "SUPPRESSED", suppressedReason: "opted_out" });
    // The code it carried is not kept in the outbox either.
    expect((await rowOf(waiting.id)).text).not.toContain("048213");
    expect(server.received).toHaveLength(1);
  });

  it("loses and doubles nothing while the gateway is down: the message waits, then goes once", async () => {
    const m = await newLiveMerchant();
    const port = server.port;
    await server.stop();
    const queued = await enqueueSms(db(), request(m.merchant.id, "live"), policy);
    expect(await sendDueSms(db(), { settings: settings(), policy })).toMatchObject([{ status: "PENDING", attempts: 1 }]);
    expect(await rowOf(queued.id)).toMatchObject({ status: "PENDING", attempts: 1, lastError: expect.stringContaining("unreachable") });
    server.port = port;
    await server.start();
    await new Promise((r) => setTimeout(r, 5));
    expect(await sendDueSms(db(), { settings: settings(), policy })).toMatchObject([{ status: "SENT", attempts: 2 }]);
    expect(server.received).toHaveLength(1);
  });

  it("gives up after the policy's last attempt, FAILED, with the reason kept", async () => {
    const m = await newLiveMerchant();
    await server.stop();
    const queued = await enqueueSms(db(), request(m.merchant.id, "live"), policy);
    for (let i = 0; i < 3; i++) {
      await sendDueSms(db(), { settings: settings(), policy });
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await rowOf(queued.id)).toMatchObject({ status: "FAILED", attempts: 3 });
  });

  it("two senders at once send each message once", async () => {
    const m = await newLiveMerchant();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await enqueueSms(db(), request(m.merchant.id, "live", { to: `+2237655440${i}` }), { ...policy, dailyCap: 10 })).id);
    await Promise.all([sendDueSms(db(), { settings: settings(), policy, limit: 2 }), sendDueSms(db(), { settings: settings(), policy, limit: 2 })]);
    expect(server.received.map((r) => r.to).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `2237655440${i}`));
    expect((await db().select().from(smsOutbox).where(inArray(smsOutbox.id, ids))).map((r) => r.status)).toEqual(Array(6).fill("SENT"));
  });

  it("lets merchants take turns: one merchant's backlog does not hold back another's message, and a waiting customer's goes first", async () => {
    const [bulk, other] = [await newLiveMerchant(), await newLiveMerchant()];
    const backlog = [];
    for (let i = 0; i < 12; i++) backlog.push((await enqueueSms(db(), request(bulk.merchant.id, "live", { to: `+223765510${String(i).padStart(2, "0")}` }), policy)).id);
    const code = (await enqueueSms(db(), request(other.merchant.id, "live", { to: "+22376552000" }), policy)).id;
    const waiting = (await enqueueSms(db(), request(bulk.merchant.id, "live", { to: "+22376552001", urgent: true }), policy)).id;

    const first = (await claimDueSms(db(), { limit: 4, leaseMs: 60_000 })).map((c) => c.id);
    // Each merchant's first turn, then the next: the bulk merchant's waiting customer, the other
    // merchant's one message, then the bulk merchant's oldest two.
    expect(first.sort()).toEqual([waiting, code, backlog[0], backlog[1]].sort());
    const rest = (await claimDueSms(db(), { limit: 20, leaseMs: 60_000 })).map((c) => c.id);
    expect(rest.sort()).toEqual(backlog.slice(2).sort());
  });

  it("two claims at once take turns' rows apart: neither waits on the other's, nothing taken twice", async () => {
    const [a, b] = [await newLiveMerchant(), await newLiveMerchant()];
    const ids = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await enqueueSms(db(), request(a.merchant.id, "live", { to: `+223765530${i}0` }), policy)).id);
      ids.push((await enqueueSms(db(), request(b.merchant.id, "live", { to: `+223765531${i}0` }), policy)).id);
    }
    const claims = await Promise.all([claimDueSms(db(), { limit: 4, leaseMs: 60_000 }), claimDueSms(db(), { limit: 4, leaseMs: 60_000 })]);
    const taken = claims.flat().map((c) => c.id);
    expect(taken.sort()).toEqual([...ids].sort());
    expect(claims.map((c) => c.length)).toEqual([4, 4]);
  });

  it("keeps test-mode messages in the sandbox: recorded as sent, never given to the gateway", async () => {
    const m = await newMerchant();
    const queued = await enqueueSms(db(), request(m.merchant.id, "test"), policy);
    await sendDueSms(db(), { settings: settings(), policy });
    expect(await rowOf(queued.id)).toMatchObject({ status: "SENT", gatewayMessageIds: [`sandbox-${queued.id}`] });
    expect(server.received).toEqual([]);
  });
});

describe("the rules a customer expects", () => {
  it("enqueues one message per cause, even when the cause is enqueued twice at once", async () => {
    const m = await newMerchant();
    const same = request(m.merchant.id, "test");
    const [a, b] = await Promise.all([enqueueSms(db(), same, policy), enqueueSms(db(), same, policy)]);
    expect(a.id).toBe(b.id);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, same.dedupeKey))).toHaveLength(1);
  });

  it("sends an opted-out number nothing but what it asked for", async () => {
    const m = await newMerchant();
    await optOutOfSms(db(), m.merchant.id, PHONE);
    expect(await enqueueSms(db(), request(m.merchant.id, "test"), policy)).toMatchObject({ status: "SUPPRESSED", reason: "opted_out" });
    expect(await enqueueSms(db(), request(m.merchant.id, "test", { requested: true, urgent: true }), policy)).toMatchObject({ status: "PENDING" });
    // Another merchant's customer with the same number is not affected.
    const other = await newMerchant();
    expect(await enqueueSms(db(), request(other.merchant.id, "test"), policy)).toMatchObject({ status: "PENDING" });
  });

  it("caps a customer at the daily limit, exactly, even when ten causes arrive at once", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 10 }, () => enqueueSms(db(), request(m.merchant.id, "test"), { ...policy, dailyCap: 5 })));
    expect(results.filter((r) => r.status === "PENDING")).toHaveLength(5);
    expect(results.filter((r) => r.reason === "daily_cap")).toHaveLength(5);
  });

  it("holds a message enqueued in quiet hours until 07:00 Bamako time, unless the customer is waiting for it", async () => {
    const m = await newMerchant();
    const night = new Date("2026-11-27T22:10:00Z");
    const quiet = smsPolicy({ SMS_QUIET_HOURS: "21-7" });
    const held = await enqueueSms(db(), request(m.merchant.id, "test"), quiet, night);
    expect((await rowOf(held.id)).nextAttemptAt).toEqual(new Date("2026-11-28T07:00:00Z"));
    const urgent = await enqueueSms(db(), request(m.merchant.id, "test", { urgent: true }), quiet, night);
    expect((await rowOf(urgent.id)).nextAttemptAt).toEqual(night);
  });
});
