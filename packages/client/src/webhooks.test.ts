import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyServiceSignature, verifyWebhook, WebhookVerificationError } from "./webhooks";

const secret = `whsec_${randomBytes(24).toString("base64")}`;
const event = {
  id: "evt_1",
  type: "payment.success",
  event: "payment.success",
  version: "v1",
  timestamp: "2026-10-12T09:30:00.000Z",
  livemode: false,
  data: { id: "txn_1", status: "SUCCESS", amount: 5000, note: "Café — reçu", metadata: { order_id: "CMD-1" } },
};
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

describe("verifyServiceSignature", () => {
  const t = Math.floor(now.getTime() / 1000);
  // The scheme as described: hex HMAC-SHA256 of "{t}.{body}", keyed with the whole secret string.
  const sign = (key: string, at = t, body = payload) => createHmac("sha256", Buffer.from(key, "utf8")).update(`${at}.${body}`).digest("hex");
  const serviceHeaders = { "X-Service-Signature": `t=${t},v1=${sign(secret)}`, "X-Service-Event-ID": "evt_1", "X-Service-Timestamp": String(t) };

  it("verifies X-Service-Signature from a string, a Buffer, Headers or a Node header record", () => {
    expect(verifyServiceSignature({ payload, headers: serviceHeaders, secret })).toEqual(event);
    expect(verifyServiceSignature({ payload: Buffer.from(payload), headers: new Headers(serviceHeaders), secret })).toEqual(event);
    expect(verifyServiceSignature({ payload, headers: { "x-service-signature": [serviceHeaders["X-Service-Signature"]] }, secret })).toEqual(event);
  });

  it("accepts any of several v1 signatures (a secret being rolled)", () => {
    const other = sign(`whsec_${randomBytes(24).toString("base64")}`);
    expect(verifyServiceSignature({ payload, headers: { "X-Service-Signature": `t=${t},v1=${other},v1=${sign(secret)}` }, secret })).toEqual(event);
  });

  it("refuses a parsed body, a tampered body, another secret, the base64-decoded key, a missing header and an old or future t", () => {
    expect(reason(() => verifyServiceSignature({ payload: JSON.parse(payload), headers: serviceHeaders, secret })).reason).toBe("PAYLOAD_NOT_RAW");
    expect(reason(() => verifyServiceSignature({ payload: payload.replace("5000", "50000"), headers: serviceHeaders, secret })).reason).toBe("INVALID_SIGNATURE");
    expect(reason(() => verifyServiceSignature({ payload, headers: serviceHeaders, secret: `whsec_${randomBytes(24).toString("base64")}` })).reason).toBe("INVALID_SIGNATURE");
    const decodedKey = createHmac("sha256", Buffer.from(secret.slice(6), "base64")).update(`${t}.${payload}`).digest("hex");
    expect(reason(() => verifyServiceSignature({ payload, headers: { "X-Service-Signature": `t=${t},v1=${decodedKey}` }, secret })).reason).toBe("INVALID_SIGNATURE");
    expect(reason(() => verifyServiceSignature({ payload, headers: {}, secret })).reason).toBe("MISSING_HEADERS");
    expect(reason(() => verifyServiceSignature({ payload, headers: serviceHeaders, secret, now: new Date(now.getTime() + 301_000) })).reason).toBe("TIMESTAMP_OUT_OF_RANGE");
    expect(reason(() => verifyServiceSignature({ payload, headers: serviceHeaders, secret, now: new Date(now.getTime() - 301_000) })).reason).toBe("TIMESTAMP_OUT_OF_RANGE");
    expect(verifyServiceSignature({ payload, headers: serviceHeaders, secret, now: new Date(now.getTime() + 299_000) })).toEqual(event);
  });
});
