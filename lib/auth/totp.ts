import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { serverKey } from "@/lib/secrets";

/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = "Cauri";

/**
 * One 30-second step either side of now is accepted: phones drift, and a code typed at the end of
 * its step arrives in the next one. Wider would leave a stolen code usable for longer.
 */
const EPOCH_TOLERANCE_SECONDS = 30;

// The user id is the AAD: a secret copied onto another user's row does not decrypt.
export function sealTotpSecret(userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", serverKey("auth.totp"), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url")).join(".");
}

export function openTotpSecret(userId: string, sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", serverKey("auth.totp"), iv);
  decipher.setAAD(Buffer.from(userId, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (email: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

export const isTotpShaped = (code: string): boolean => /^\d{6}$/.test(code);

/** Spaces people type or paste ("123 456") are not part of a code. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, "").toLowerCase();

/**
 * Whether `code` is the user's current TOTP code, accepting each 30-second step once: a code
 * seen by a shoulder-surfer or a phishing proxy cannot be replayed within its window. One
 * conditional update moves users.totp_last_step forward, so two sign-ins with one code at once,
 * on any instances, cannot both pass.
 */
export async function checkTotp(db: Database, userId: string, sealedSecret: string, code: string, now: Date): Promise<boolean> {
  const token = normalizeCode(code);
  if (!isTotpShaped(token)) return false;
  const result = await verify({ secret: openTotpSecret(userId, sealedSecret), token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: EPOCH_TOLERANCE_SECONDS });
  if (!result.valid || !("timeStep" in result)) return false;
  const [accepted] = await db
    .update(users)
    .set({ totpLastStep: result.timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, result.timeStep))))
    .returning({ id: users.id });
  return accepted !== undefined;
}
