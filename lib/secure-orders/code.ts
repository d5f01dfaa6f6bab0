import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { serverKey } from "@/lib/secrets";

/**
 * The delivery code: 6 digits from the CSPRNG, stored twice and never in clear — an HMAC to
 * check it in constant time, and an AES-256-GCM ciphertext bound to the order id so the buyer
 * page (and the sandbox route) can show it. Nothing here logs or returns it to the merchant API.
 */
export function newDeliveryCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

function mac(orderId: string, code: string): Buffer {
  return createHmac("sha256", serverKey("secure-orders.code-hmac")).update(`${orderId}:${code}`).digest();
}

export function hashDeliveryCode(orderId: string, code: string): string {
  return mac(orderId, code).toString("hex");
}

/** Constant-time comparison of a submitted code with the stored HMAC. */
export function deliveryCodeMatches(orderId: string, submitted: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const expected = Buffer.from(storedHash, "hex");
  const actual = mac(orderId, submitted);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function encryptDeliveryCode(orderId: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", serverKey("secure-orders.code-aes"), iv);
  cipher.setAAD(Buffer.from(orderId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url")).join(".");
}

export function decryptDeliveryCode(orderId: string, sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", serverKey("secure-orders.code-aes"), iv);
  decipher.setAAD(Buffer.from(orderId, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}

/** A public-page token: 192 random bits, URL-safe. */
export const newPageToken = () => randomBytes(24).toString("base64url");

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `SO-` + 6 characters without look-alikes (no 0/O, 1/I/L): easy to read out on the phone. */
export function newOrderReference(): string {
  let out = "SO-";
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}
