import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { smsOutbox } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { optOutOfSms } from "@/lib/sms/outbox";
import { setDisabledSmsUses } from "@/lib/sms/uses";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { PATCH as deactivate } from "./[slug]/deactivate/route";
import { DELETE as remove } from "./[slug]/route";
import { POST as send } from "./[slug]/send/route";
import { POST as create } from "./route";

const FIXED = { name: "Tissu wax", amount: 12_500 };
const OPEN = { name: "Don libre", mode: "OPEN", min_amount: 500, max_amount: 50_000 };
const PHONE = "+22376554433";

type Link = { id: string; slug: string; url: string };

async function linkOf(key: string, body: unknown = FIXED): Promise<Link> {
  const res = await call(create, "POST", "/v1/payment-links", { key, body });
  expect(res.status).toBe(201);
  return res.body.data;
}

const sendTo = (key: string, slug: string, body: unknown, idempotencyKey?: string) =>
  call(send, "POST", `/v1/payment-links/${slug}/send`, { key, body, params: { slug }, idempotencyKey });

const messagesOf = (link: Link) => db().select().from(smsOutbox).where(like(smsOutbox.dedupeKey, `payment-request:${link.id}:%`)).orderBy(smsOutbox.createdAt);

// Outside quiet hours unless a test says otherwise: the answer is then "queued" at any time of day.
beforeEach(() => vi.stubEnv("SMS_QUIET_HOURS", "off"));
afterEach(() => vi.unstubAllEnvs());

describe("POST /v1/payment-links/{id}/send", () => {
  it("queues the payment request for a FIXED link: its price and its page, to the number in E.164, and answers the number masked", async () => {
    const m = await newMerchant({ name: "Boutique Awa" });
    const link = await linkOf(m.testKey);
    const res = await sendTo(m.testKey, link.id, { customer_phone: "76 55 44 33" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ link_id: link.id, to: "+223 76 •• •• 33", status: "queued", reason: null });
    expectMatchesOpenApi("POST", `/v1/payment-links/${link.id}/send`, res.status, res.body);

    const [sms, ...more] = await messagesOf(link);
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ merchantId: m.merchant.id, mode: "test", to: PHONE, locale: "fr", template: "payment_request", status: "PENDING", encoding: "gsm7", segments: 1, urgent: false });
    expect(sms.text).toBe(`Boutique Awa vous demande 12 500 FCFA. Payez ici : ${publicBaseUrl()}/l/${link.slug}`);
    expect(link.url).toBe(`${publicBaseUrl()}/l/${link.slug}`);
  });

  it("takes the slug as well, the price sent again for a FIXED link, and English", async () => {
    const m = await newMerchant({ name: "Boutique Awa" });
    const link = await linkOf(m.testKey);
    const res = await sendTo(m.testKey, link.slug, { customer_phone: PHONE, amount: 12_500, locale: "en" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [sms] = await messagesOf(link);
    expect(sms).toMatchObject({ locale: "en" });
    expect(sms.text).toBe(`Boutique Awa requests 12 500 FCFA. Pay here: ${link.url}`);
  });

  it("asks an OPEN link's customer for the amount given, within the bounds (both bounds included)", async () => {
    const m = await newMerchant({ name: "Association Jigi" });
    const link = await linkOf(m.testKey, OPEN);
    for (const amount of [500, 50_000]) expect((await sendTo(m.testKey, link.id, { customer_phone: PHONE, amount })).status).toBe(200);
    expect((await messagesOf(link)).map((s) => s.text)).toEqual([
      `Association Jigi vous demande 500 FCFA. Payez ici : ${link.url}`,
      `Association Jigi vous demande 50 000 FCFA. Payez ici : ${link.url}`,
    ]);
  });

  it("stores the encoding and the segments an operator bills: a name outside GSM-7 makes the message UCS-2, two segments", async () => {
    const m = await newMerchant({ name: "Boulangerie Kôkô" });
    const link = await linkOf(m.testKey);
    expect((await sendTo(m.testKey, link.id, { customer_phone: PHONE })).status).toBe(200);
    const [sms] = await messagesOf(link);
    expect(sms.text).toBe(`Boulangerie Kôkô vous demande 12 500 FCFA. Payez ici : ${link.url}`);
    expect(sms).toMatchObject({ encoding: "ucs2", segments: 2 });
  });

  it("refuses, each with its code and field, and writes no message", async () => {
    const m = await newLiveMerchant();
    const other = await newMerchant();
    const fixed = await linkOf(m.testKey);
    const open = await linkOf(m.testKey, OPEN);
    const inactive = await linkOf(m.testKey);
    expect((await call(deactivate, "PATCH", `/v1/payment-links/${inactive.id}/deactivate`, { key: m.testKey, params: { slug: inactive.id } })).status).toBe(200);
    const archived = await linkOf(m.testKey);
    expect((await call(remove, "DELETE", `/v1/payment-links/${archived.id}`, { key: m.testKey, params: { slug: archived.id } })).status).toBe(200);

    const cases: [string, Link | string, unknown, number, string, string | undefined][] = [
      ["no number", fixed, {}, 400, "MISSING_PHONE", "customer_phone"],
      ["a blank number", fixed, { customer_phone: "  " }, 400, "MISSING_PHONE", "customer_phone"],
      ["not a number", fixed, { customer_phone: "76-55-AB" }, 400, "INVALID_PHONE", "customer_phone"],
      ["a Mali number of 7 digits", fixed, { customer_phone: "+223 7655443" }, 400, "INVALID_PHONE", "customer_phone"],
      ["another price on a FIXED link", fixed, { customer_phone: PHONE, amount: 10_000 }, 400, "AMOUNT_OUT_OF_RANGE", "amount"],
      ["no amount on an OPEN link", open, { customer_phone: PHONE }, 400, "AMOUNT_OUT_OF_RANGE", "amount"],
      ["below the bounds", open, { customer_phone: PHONE, amount: 499 }, 400, "AMOUNT_OUT_OF_RANGE", "amount"],
      ["above the bounds", open, { customer_phone: PHONE, amount: 50_001 }, 400, "AMOUNT_OUT_OF_RANGE", "amount"],
      ["a fractional amount", open, { customer_phone: PHONE, amount: 1_000.5 }, 400, "AMOUNT_OUT_OF_RANGE", "amount"],
      ["an amount as text", open, { customer_phone: PHONE, amount: "1000" }, 400, "AMOUNT_OUT_OF_RANGE", "amount"],
      ["a language we do not write", fixed, { customer_phone: PHONE, locale: "bm" }, 400, "INVALID_FIELD", "locale"],
      ["a deactivated link", inactive, { customer_phone: PHONE }, 409, "LINK_INACTIVE", undefined],
      ["a deleted link", archived, { customer_phone: PHONE }, 410, "LINK_ARCHIVED", undefined],
      ["no such link", "link_00000000000000000000000000", { customer_phone: PHONE }, 404, "LINK_NOT_FOUND", undefined],
    ];
    for (const [what, link, body, status, code, param] of cases) {
      const slug = typeof link === "string" ? link : link.id;
      const res = await sendTo(m.testKey, slug, body);
      expect([what, res.status, res.body.error?.code, res.body.error?.param]).toEqual([what, status, code, param]);
    }
    // Another merchant's link, and this merchant's test link from its live key: not theirs to see.
    expect((await sendTo(other.testKey, fixed.id, { customer_phone: PHONE })).body.error.code).toBe("LINK_NOT_FOUND");
    expect((await sendTo(m.liveKey, fixed.slug, { customer_phone: PHONE })).body.error.code).toBe("LINK_NOT_FOUND");
    expect((await call(send, "POST", `/v1/payment-links/${fixed.id}/send`, { body: { customer_phone: PHONE }, params: { slug: fixed.id } })).status).toBe(401);

    for (const link of [fixed, open, inactive, archived]) expect(await messagesOf(link)).toEqual([]);
  });

  it("is 409 SMS_USE_DISABLED while the merchant has payment requests by text switched off, and sends once they are on again", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    await setDisabledSmsUses(db(), m.merchant.id, ["payment_request"]);
    const refused = await sendTo(m.testKey, link.id, { customer_phone: PHONE });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("SMS_USE_DISABLED");
    expect(await messagesOf(link)).toEqual([]);

    await setDisabledSmsUses(db(), m.merchant.id, []);
    expect((await sendTo(m.testKey, link.id, { customer_phone: PHONE })).body.data.status).toBe("queued");
  });

  it("keeps the message SUPPRESSED for a number that opted out of this merchant's messages, and says why", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const link = await linkOf(m.testKey);
    await optOutOfSms(db(), m.merchant.id, PHONE);
    const res = await sendTo(m.testKey, link.id, { customer_phone: PHONE });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ link_id: link.id, to: "+223 76 •• •• 33", status: "suppressed", reason: "opted_out" });
    const [sms] = await messagesOf(link);
    expect(sms).toMatchObject({ to: PHONE, status: "SUPPRESSED", suppressedReason: "opted_out" });

    // The opt-out is from that merchant: another one still reaches the number.
    const theirs = await linkOf(other.testKey);
    expect((await sendTo(other.testKey, theirs.id, { customer_phone: PHONE })).body.data.status).toBe("queued");
  });

  it("suppresses a message past the daily cap", async () => {
    vi.stubEnv("SMS_DAILY_CAP", "2");
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await sendTo(m.testKey, link.id, { customer_phone: PHONE })).body.data);
    expect(statuses.map((s) => [s.status, s.reason])).toEqual([
      ["queued", null],
      ["queued", null],
      ["suppressed", "daily_cap"],
    ]);
  });

  it("is scheduled for the end of quiet hours when sent during them", async () => {
    const hour = new Date().getUTCHours(); // Bamako is on UTC all year.
    const end = (hour + 2) % 24;
    vi.stubEnv("SMS_QUIET_HOURS", `${hour}-${end}`);
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const res = await sendTo(m.testKey, link.id, { customer_phone: PHONE });
    expect(res.body.data).toMatchObject({ status: "scheduled", reason: null });
    const [sms] = await messagesOf(link);
    expect(sms.status).toBe("PENDING");
    expect(sms.nextAttemptAt.getUTCHours()).toBe(end);
    expect(sms.nextAttemptAt.getUTCMinutes()).toBe(0);
  });

  it("sends one message per request; with X-Idempotency-Key a retry replays the answer and sends nothing more", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const first = await sendTo(m.testKey, link.id, { customer_phone: PHONE }, "relance-42");
    const retry = await sendTo(m.testKey, link.id, { customer_phone: PHONE }, "relance-42");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await messagesOf(link)).toHaveLength(1);

    // The same key for another number is another request: 409, nothing sent.
    const conflict = await sendTo(m.testKey, link.id, { customer_phone: "+22370000001" }, "relance-42");
    expect(conflict.status).toBe(409);
    expect(await messagesOf(link)).toHaveLength(1);

    // Without a key, each request is its own.
    await sendTo(m.testKey, link.id, { customer_phone: PHONE });
    await sendTo(m.testKey, link.id, { customer_phone: PHONE });
    const all = await messagesOf(link);
    expect(all).toHaveLength(3);
    expect(new Set(all.map((s) => s.dedupeKey)).size).toBe(3);
    expect(await db().select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.merchantId, m.merchant.id))).toHaveLength(3);
  });
});
