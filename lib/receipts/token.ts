import { createCipheriv, createDecipheriv, createHmac } from "node:crypto";
import { publicBaseUrl } from "@/lib/config";
import { serverKey } from "@/lib/secrets";

/**
 * A receipt's token: the payment id sealed with AES-256-GCM under keys derived from the service's
 * secret (lib/secrets.ts). Nothing is stored, yet the token is
 * - stable: the nonce is an HMAC of the id (a synthetic IV), so a payment always has the same URL;
 * - unguessable and unforgeable: only the service can make a token that opens (GCM's tag);
 * - opaque: it does not show the payment id, so a shared receipt does not hand out the checkout URL.
 * The same id always gives the same ciphertext, which is what we want here and all a synthetic IV reveals.
 * Changing CAURI_SECRET_KEY changes every receipt URL.
 */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** base64url of nonce + a payment id of at most 64 characters + tag. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,160}$/;

const nonceOf = (paymentId: string) => createHmac("sha256", serverKey("receipts.token-nonce")).update(paymentId, "utf8").digest().subarray(0, NONCE_BYTES);

export function receiptToken(paymentId: string): string {
  const nonce = nonceOf(paymentId);
  const cipher = createCipheriv("aes-256-gcm", serverKey("receipts.token-aes"), nonce);
  const sealed = Buffer.concat([cipher.update(paymentId, "utf8"), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The payment id a token was made for, or null for anything the service did not make. */
export function paymentIdOfReceiptToken(token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length <= NONCE_BYTES + TAG_BYTES || bytes.toString("base64url") !== token) return null;
  const nonce = bytes.subarray(0, NONCE_BYTES);
  try {
    const decipher = createDecipheriv("aes-256-gcm", serverKey("receipts.token-aes"), nonce);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const id = Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    return nonceOf(id).equals(nonce) ? id : null;
  } catch {
    return null;
  }
}

/** Where a payment's receipt lives: `path` (`/r/{token}`) for links on our pages, `url` for what leaves them (a WhatsApp message, a PDF). The page answers once the payment succeeded. */
export function receiptLinks(paymentId: string): { path: string; url: string } {
  const path = `/r/${receiptToken(paymentId)}`;
  return { path, url: `${publicBaseUrl()}${path}` };
}
