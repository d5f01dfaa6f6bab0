import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * An event as Cauri sends it: `data` is the object itself (the payment, secure order,
 * subscription, withdrawal… as the API returns it); `event` repeats `type`.
 */
export type WebhookEvent<T = Record<string, unknown>> = {
  id: string;
  type: string;
  event: string;
  version: "v1";
  timestamp: string;
  livemode: boolean;
  data: T;
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

function rawBody(payload: unknown): string {
  if (typeof payload !== "string" && !(payload instanceof Uint8Array)) {
    throw new WebhookVerificationError(
      "PAYLOAD_NOT_RAW",
      `The webhook payload is ${payload === null ? "null" : typeof payload}, not the raw body: it was parsed before verification (the usual mistake). ${RAW_BODY_HELP}`,
    );
  }
  return typeof payload === "string" ? payload : Buffer.from(payload).toString("utf8");
}

function checkSecret(secret: string) {
  if (!/^whsec_[A-Za-z0-9+/=]+$/.test(secret)) {
    throw new WebhookVerificationError("INVALID_SECRET", "The secret must be the endpoint's signing secret as shown once at creation: whsec_ followed by base64.");
  }
}

function checkTimestamp(name: string, value: string, toleranceSeconds: number, now: Date) {
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || Math.abs(now.getTime() / 1000 - seconds) > toleranceSeconds) {
    throw new WebhookVerificationError("TIMESTAMP_OUT_OF_RANGE", `${name} is more than ${toleranceSeconds} s away from now: a replayed delivery, or this server's clock is wrong.`);
  }
}

const anyMatches = (given: Buffer[], expected: Buffer) => given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));

function noMatch(): never {
  throw new WebhookVerificationError(
    "INVALID_SIGNATURE",
    `No signature matches. Check the secret belongs to this endpoint (test and live endpoints have different secrets), and that the payload is the raw body: ${RAW_BODY_HELP}`,
  );
}

function parseEvent<T>(body: string): WebhookEvent<T> {
  try {
    return JSON.parse(body) as WebhookEvent<T>;
  } catch {
    throw new WebhookVerificationError("INVALID_PAYLOAD", "The signature is valid but the body is not JSON.");
  }
}

type VerifyInput = {
  payload: string | Uint8Array;
  headers: HeaderSource;
  /** The endpoint's signing secret, `whsec_…`. */
  secret: string;
  toleranceSeconds?: number;
  /** For tests: the current time. */
  now?: Date;
};

/**
 * Verifies a webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256>`) from the RAW body, then returns the parsed event.
 * Refuses signatures older or newer than `toleranceSeconds` (default 300) to stop replays.
 * Throws WebhookVerificationError whose `reason` and message say what to fix.
 */
export function verifyWebhook<T = Record<string, unknown>>(input: VerifyInput): WebhookEvent<T> {
  const { headers, secret, toleranceSeconds = 300, now = new Date() } = input;
  const body = rawBody(input.payload);
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    const missing = [!id && "webhook-id", !timestamp && "webhook-timestamp", !signatures && "webhook-signature"].filter(Boolean).join(", ");
    throw new WebhookVerificationError("MISSING_HEADERS", `Missing header(s): ${missing}. Pass the request's headers unchanged (your framework's request.headers).`);
  }
  checkSecret(secret);
  checkTimestamp("webhook-timestamp", timestamp, toleranceSeconds, now);
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  const given = signatures.split(" ").flatMap((part) => {
    const [version, signature] = part.split(",", 2);
    return version === "v1" && signature ? [Buffer.from(signature, "base64")] : [];
  });
  if (!anyMatches(given, expected)) noMatch();
  return parseEvent<T>(body);
}

/**
 * Verifies a delivery by its `X-Service-Signature: t=<unix seconds>,v1=<hex>` header, the scheme
 * of the service Cauri replaces (every delivery carries both): hex HMAC-SHA256 of `{t}.{raw body}`
 * keyed with the whole secret string `whsec_…`. Same checks, errors and result as verifyWebhook.
 */
export function verifyServiceSignature<T = Record<string, unknown>>(input: VerifyInput): WebhookEvent<T> {
  const { headers, secret, toleranceSeconds = 300, now = new Date() } = input;
  const body = rawBody(input.payload);
  const signature = header(headers, "x-service-signature");
  if (!signature) throw new WebhookVerificationError("MISSING_HEADERS", "Missing header: X-Service-Signature. Pass the request's headers unchanged (your framework's request.headers).");
  checkSecret(secret);
  const fields = signature.split(",").map((part) => part.split("=", 2));
  const t = fields.find(([k]) => k === "t")?.[1] ?? "";
  checkTimestamp("The t of X-Service-Signature", t, toleranceSeconds, now);
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"));
  const given = fields.flatMap(([k, v]) => (k === "v1" && v ? [Buffer.from(v)] : []));
  if (!anyMatches(given, expected)) noMatch();
  return parseEvent<T>(body);
}
