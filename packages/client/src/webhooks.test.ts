import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "./webhooks";

const secret = `whsec_${randomBytes(24).toString("base64")}`;
const event = { id: "evt_1", type: "payment.success", timestamp: "2026-10-12T09:30:00.000Z", livemode: false, data: { object: { id: "txn_1", amount: 5000, note: "Café — reçu" } } };
// Signed by the reference implementation, on the exact bytes sent (spacing included).
const payload = JSON.stringify(event, null, 1);
const now = new Date();
const headers = { "webhook-id": "msg_1", "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": new Webhook(secret).sign("msg_1", now, payload) };

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return error as WebhookVerificationError;
  }
  throw new Error("did not throw");
};

describe("verifyWebhook", () => {
  it("verifies a delivery signed by the Standard Webhooks library, from a string, a Buffer, Headers or a Node header record", () => {
    expect(verifyWebhook({ payload, headers, secret })).toEqual(event);
    expect(verifyWebhook({ payload: Buffer.from(payload), headers: new Headers(headers), secret })).toEqual(event);
    expect(verifyWebhook({ payload, headers: { "Webhook-Id": headers["webhook-id"], "WEBHOOK-TIMESTAMP": headers["webhook-timestamp"], "webhook-signature": [headers["webhook-signature"]] }, secret })).toEqual(event);
  });

  it("accepts any of several signatures (a secret being rolled)", () => {
    const other = new Webhook(`whsec_${randomBytes(24).toString("base64")}`).sign("msg_1", now, payload);
    expect(verifyWebhook({ payload, headers: { ...headers, "webhook-signature": `${other} ${headers["webhook-signature"]}` }, secret })).toEqual(event);
  });

  it("explains the usual mistake when given an already-parsed body", () => {
    const error = reason(() => verifyWebhook({ payload: JSON.parse(payload), headers, secret }));
    expect(error.reason).toBe("PAYLOAD_NOT_RAW");
    expect(error.message).toMatch(/parsed before verification/);
    expect(error.message).toMatch(/express\.raw/);
  });

  it("refuses a re-serialized body and says to use the raw one", () => {
    const error = reason(() => verifyWebhook({ payload: JSON.stringify(JSON.parse(payload)), headers, secret }));
    expect(error.reason).toBe("INVALID_SIGNATURE");
    expect(error.message).toMatch(/raw body/);
  });

  it("refuses a tampered body, another endpoint's secret, a missing header and an old or future timestamp", () => {
    expect(reason(() => verifyWebhook({ payload: payload.replace("5000", "50000"), headers, secret })).reason).toBe("INVALID_SIGNATURE");
    expect(reason(() => verifyWebhook({ payload, headers, secret: `whsec_${randomBytes(24).toString("base64")}` })).reason).toBe("INVALID_SIGNATURE");
    expect(reason(() => verifyWebhook({ payload, headers: { ...headers, "webhook-id": undefined as unknown as string }, secret })).message).toMatch(/webhook-id/);
    expect(reason(() => verifyWebhook({ payload, headers, secret, now: new Date(now.getTime() + 301_000) })).reason).toBe("TIMESTAMP_OUT_OF_RANGE");
    expect(reason(() => verifyWebhook({ payload, headers, secret, now: new Date(now.getTime() - 301_000) })).reason).toBe("TIMESTAMP_OUT_OF_RANGE");
    expect(verifyWebhook({ payload, headers, secret, now: new Date(now.getTime() + 299_000) })).toEqual(event);
    expect(reason(() => verifyWebhook({ payload, headers, secret: "not-a-secret" })).reason).toBe("INVALID_SECRET");
  });
});
