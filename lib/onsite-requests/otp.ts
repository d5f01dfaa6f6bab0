import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A 6-digit one-time code from the CSPRNG (uniform over 000000–999999). */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

export const newSalt = () => randomBytes(16).toString("base64");

/** What is stored instead of the code: HMAC-SHA256 keyed by a per-request salt. */
export const hashOtp = (otp: string, salt: string) => createHmac("sha256", Buffer.from(salt, "base64")).update(otp).digest("base64");

export function otpMatches(otp: string, salt: string, hash: string): boolean {
  const given = Buffer.from(hashOtp(otp, salt), "base64");
  const stored = Buffer.from(hash, "base64");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
