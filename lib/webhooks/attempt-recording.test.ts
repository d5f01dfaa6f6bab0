import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { deliverDue, resendNow } from "./deliver";
import { deliveryDetail } from "./delivery-detail";
import { updateEndpoint } from "./endpoints";
import { RESPONSE_EXCERPT_BYTES, RESPONSE_HEADER_VALUE_CHARS, RESPONSE_HEADERS_MAX, type DeliveryPolicy } from "./policy";
import { emitTestEvent, endpointFor, merchantContext, startReceiver } from "./test-support";

const policy: DeliveryPolicy = { schedule: [0, 60_000], timeoutMs: 2_000, allowPrivateTargets: true };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  cleanups.push(r.close);
  return r;
}

const attemptsOf = async (eventId: string) => {
  const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
  return { delivery, attempts: await db().select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id)).orderBy(asc(webhookAttempts.number)) };
};

const header = (pairs: [string, string][] | null, name: string) => pairs?.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

describe("each attempt records what was sent and what came back", () => {
  it("keeps the headers sent (signatures, never the secret), the receiver's headers and the first 1 KiB of its body", async () => {
    const longBody = `${"é".repeat(300)}${"x".repeat(2_000)}`;
    const r = await receiver(() => ({ status: 202, body: longBody, headers: { "x-receiver": "boutique-1", "content-type": "text/plain; charset=utf-8" } }));
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    const event = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy });

    const { attempts } = await attemptsOf(event.id);
    expect(attempts).toHaveLength(1);
    const [attempt] = attempts;
    // Exactly what the receiver got, in the order sent.
    const got = r.received[0].headers;
    const sent = attempt.requestHeaders!;
    for (const name of ["content-type", "content-length", "user-agent", "webhook-id", "webhook-timestamp", "webhook-signature", "X-Service-Signature", "X-Service-Event-ID", "X-Service-Timestamp"]) {
      expect(header(sent, name), name).toBe(got[name.toLowerCase()]);
    }
    expect(header(sent, "webhook-id")).toBe(event.id);
    expect(header(sent, "webhook-signature")).toMatch(/^v1,/);
    const secretBytes = endpoint.secret.slice("whsec_".length);
    expect(JSON.stringify(attempt)).not.toContain(secretBytes);
    expect(JSON.stringify(attempt)).not.toContain("whsec_");

    expect(attempt.statusCode).toBe(202);
    expect(header(attempt.responseHeaders, "x-receiver")).toBe("boutique-1");
    expect(header(attempt.responseHeaders, "content-type")).toBe("text/plain; charset=utf-8");
    // The first 1 KiB: 300 two-byte characters, then 424 bytes of x.
    expect(Buffer.byteLength(attempt.responseExcerpt!)).toBe(RESPONSE_EXCERPT_BYTES);
    expect(attempt.responseExcerpt).toBe(longBody.slice(0, 300 + RESPONSE_EXCERPT_BYTES - 600));
  });

  it("bounds the headers kept: at most 50, each value cut at 512 characters", async () => {
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`x-h-${String(i).padStart(2, "0")}`, i === 0 ? "v".repeat(2_000) : `v${i}`]));
    const r = await receiver(() => ({ status: 200, headers: many }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const event = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const { attempts } = await attemptsOf(event.id);
    const kept = attempts[0].responseHeaders!;
    expect(kept).toHaveLength(RESPONSE_HEADERS_MAX);
    expect(header(kept, "x-h-00")).toBe("v".repeat(RESPONSE_HEADER_VALUE_CHARS));
    expect(kept.every(([n, v]) => n.length <= RESPONSE_HEADER_VALUE_CHARS && v.length <= RESPONSE_HEADER_VALUE_CHARS)).toBe(true);
  });

  it("a failed attempt without an answer keeps the headers it sent and no response headers; a manual re-send is recorded the same way", async () => {
    const r = await receiver((n) => (n === 1 ? { status: 500, body: "boom", headers: { "retry-after": "30" } } : { status: 200, body: "ok" }));
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, "http://127.0.0.1:1/closed");
    const event = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    let { delivery, attempts } = await attemptsOf(event.id);
    expect(attempts[0]).toMatchObject({ status: "FAILED", statusCode: null, responseHeaders: null, responseExcerpt: null });
    expect(header(attempts[0].requestHeaders, "webhook-id")).toBe(event.id);

    // The endpoint moves to a receiver that answers 500, then 200: both answers' headers are kept.
    await updateEndpoint(m.ctx, endpoint.id, { url: r.url });
    await resendNow(db(), delivery.id, policy);
    await resendNow(db(), delivery.id, policy);
    ({ delivery, attempts } = await attemptsOf(event.id));
    expect(attempts.map((a) => [a.trigger, a.statusCode, a.responseExcerpt, header(a.responseHeaders, "retry-after") ?? null])).toEqual([
      ["automatic", null, null, null],
      ["manual", 500, "boom", "30"],
      ["manual", 200, "ok", null],
    ]);
    expect(delivery.status).toBe("SUCCESS");
  });

  it("the dashboard's delivery detail carries the event, each attempt's URL, headers and answer; another merchant gets 404", async () => {
    const r = await receiver(() => ({ status: 200, body: '{"received":true}', headers: { "content-type": "application/json" } }));
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const event = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await deliverDue(db(), { merchantId: m.merchant.id, policy });
    const { delivery } = await attemptsOf(event.id);

    const detail = await deliveryDetail(m.ctx, delivery.id);
    expect(detail.event).toMatchObject({ id: event.id, type: "payment.success" });
    expect(JSON.parse(r.received[0].body)).toEqual(detail.event);
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({ url: r.url, response_status: 200, response_excerpt: '{"received":true}' });
    expect(header(detail.attempts[0].request_headers, "webhook-id")).toBe(event.id);
    expect(header(detail.attempts[0].response_headers, "content-type")).toBe("application/json");

    const other = await merchantContext();
    const refused = await deliveryDetail(other.ctx, delivery.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("WEBHOOK_LOG_NOT_FOUND");
  });
});
