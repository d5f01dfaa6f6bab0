import { createHmac, timingSafeEqual } from "node:crypto";

/** Header of the operator's callbacks: `sha256=<hex HMAC-SHA256 of the raw request body>`. */
export const OPERATOR_SIGNATURE_HEADER = "x-operator-signature";

export function signOperatorBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

/** Constant-time check of a signature header against the body's HMAC under one secret. */
export function verifyOperatorSignature(secret: string, rawBody: string, header: string | null): boolean {
  if (!header) return false;
  const expected = Buffer.from(signOperatorBody(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
