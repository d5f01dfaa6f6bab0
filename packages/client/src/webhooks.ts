import { createHmac, timingSafeEqual } from "node:crypto";

/** An event as Cauri sends it. */
export type WebhookEvent<T = Record<string, unknown>> = {
  id: string;
  type: string;
  timestamp: string;
  livemode: boolean;
  data: { object: T };
};

export type WebhookVerificationReason = "PAYLOAD_NOT_RAW" | "MISSING_HEADERS" | "INVALID_SECRET" | "TIMESTAMP_OUT_OF_RANGE" | "INVALID_SIGNATURE" | "INVALID_PAYLOAD";

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;
  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = "WebhookVerificationError";
    this.reason = reason;
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

const RAW_BODY_HELP =
  "Pass the raw request body exactly as received (a string or Buffer), before any JSON parsing: " +
  "in Express use express.raw({ type: 'application/json' }) on the webhook route, in Next.js `await request.text()`, " +
  "in Fastify the rawBody option. A parsed and re-serialized body differs byte for byte from what was signed.";

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(" ") : value;
}

/**
 * Verifies a webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`) from the RAW body, then returns the parsed event.
 * Refuses signatures older or newer than `toleranceSeconds` (default 300) to stop replays.
 * Throws WebhookVerificationError whose `reason` and message say what to fix.
 */
export function verifyWebhook<T = Record<string, unknown>>(input: {
  payload: string | Uint8Array;
  headers: HeaderSource;
  /** The endpoint's signing secret, `whsec_…`. */
  secret: string;
  toleranceSeconds?: number;
  /** For tests: the current time. */
  now?: Date;
}): WebhookEvent<T> {
  const { payload, headers, secret, toleranceSeconds = 300, now = new Date() } = input;
  if (typeof payload !== "string" && !(payload instanceof Uint8Array)) {
    throw new WebhookVerificationError(
      "PAYLOAD_NOT_RAW",
      `The webhook payload is ${payload === null ? "null" : typeof payload}, not the raw body: it was parsed before verification (the usual mistake). ${RAW_BODY_HELP}`,
    );
  }
  const body = typeof payload === "string" ? payload : Buffer.from(payload).toString("utf8");
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    const missing = [!id && "webhook-id", !timestamp && "webhook-timestamp", !signatures && "webhook-signature"].filter(Boolean).join(", ");
    throw new WebhookVerificationError("MISSING_HEADERS", `Missing header(s): ${missing}. Pass the request's headers unchanged (your framework's request.headers).`);
  }
  if (!/^whsec_[A-Za-z0-9+/=]+$/.test(secret)) {
    throw new WebhookVerificationError("INVALID_SECRET", "The secret must be the endpoint's signing secret as shown once at creation: whsec_ followed by base64.");
  }
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now.getTime() / 1000 - seconds) > toleranceSeconds) {
    throw new WebhookVerificationError("TIMESTAMP_OUT_OF_RANGE", `webhook-timestamp is more than ${toleranceSeconds} s away from now: a replayed delivery, or this server's clock is wrong.`);
  }
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  const valid = signatures.split(" ").some((part) => {
    const [version, signature] = part.split(",", 2);
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) {
    throw new WebhookVerificationError(
      "INVALID_SIGNATURE",
      `No signature matches. Check the secret belongs to this endpoint (test and live endpoints have different secrets), and that the payload is the raw body: ${RAW_BODY_HELP}`,
    );
  }
  try {
    return JSON.parse(body) as WebhookEvent<T>;
  } catch {
    throw new WebhookVerificationError("INVALID_PAYLOAD", "The signature is valid but the body is not JSON.");
  }
}
