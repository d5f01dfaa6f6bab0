import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { userTokens, type UserTokenPurpose } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { newId } from "@/lib/ids";

/** How long a mailed link works: a reset is short-lived; a verification or an invitation waits for the reader. */
export const TOKEN_LIFETIME_MINUTES: Record<UserTokenPurpose, number> = {
  password_reset: 30,
  email_verification: 7 * 24 * 60,
  invitation: 7 * 24 * 60,
};

const hashToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Issues a one-time token for a user and returns it in clear (to put in a mailed link; never log
 * it). Only its hash is stored. Earlier unused tokens of the same purpose stop working, so only
 * the newest mail's link is valid. Call it in the transaction that enqueues the mail.
 */
export async function issueUserToken(db: Database, userId: string, purpose: UserTokenPurpose, now: Date = systemNow()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.update(userTokens).set({ usedAt: now }).where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    id: newId("utk"),
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
    createdAt: now,
  });
  return token;
}

/**
 * Consumes a token: one statement marks it used only if it is unused, unexpired and of this
 * purpose, so two submissions of one link at once cannot both succeed. Returns the user's id, or
 * null for a token that is unknown, used, expired or meant for something else.
 */
export async function consumeUserToken(db: Database, token: string, purpose: UserTokenPurpose, now: Date = systemNow()): Promise<string | null> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return null;
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/** Whether a token would be accepted now, without using it (a page shows the form or "this link has expired"). */
export async function peekUserToken(db: Database, token: string, purpose: UserTokenPurpose, now: Date = systemNow()): Promise<string | null> {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return null;
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, now)))
    .limit(1);
  return row?.userId ?? null;
}
