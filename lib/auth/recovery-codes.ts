import { createHmac } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { userRecoveryCodes } from "@/db/schema";
import { newId, randomString } from "@/lib/ids";
import { serverKey } from "@/lib/secrets";
import { normalizeCode } from "./totp";

export const RECOVERY_CODE_COUNT = 10;

// Crockford-style lowercase, without look-alikes (0/o, 1/l/i): read off paper and typed back.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/**
 * Keyed with a server key rather than a bare SHA-256: 50 random bits are too few to survive an
 * offline search should the table leak, a keyed hash is not searchable without the key.
 */
const hashCode = (code: string): string => createHmac("sha256", serverKey("auth.recovery-codes")).update(normalizeCode(code), "utf8").digest("hex");

/**
 * Replaces every recovery code of a user with RECOVERY_CODE_COUNT new ones and returns them in
 * clear, the only time they exist outside the user's hands (show them once, never log them).
 */
export async function replaceRecoveryCodes(db: Database, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomString(5, ALPHABET)}-${randomString(5, ALPHABET)}`);
  await deleteRecoveryCodes(db, userId);
  await db.insert(userRecoveryCodes).values(codes.map((code) => ({ id: newId("urc"), userId, codeHash: hashCode(code), createdAt: now })));
  return codes;
}

export async function deleteRecoveryCodes(db: Database, userId: string): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
}

/** Uses a recovery code: one statement marks it used only if it was unused, so two sign-ins with one code cannot both pass. */
export async function consumeRecoveryCode(db: Database, userId: string, code: string, now: Date): Promise<boolean> {
  const normalized = normalizeCode(code);
  if (normalized.length !== 10) return false;
  const [row] = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, hashCode(normalized)), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return row !== undefined;
}

export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRecoveryCodes).where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
