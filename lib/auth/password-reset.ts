import { createHash, createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { users, type User } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { systemNow } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/config";
import { ApiError } from "@/lib/core/errors";
import { hitRateLimits, rateLimitHeaders } from "@/lib/rate-limit/limits";
import { input } from "@/lib/core/validation";
import type { Locale } from "@/lib/i18n/locale";
import { enqueueMail } from "@/lib/mail/outbox";
import { serverKey } from "@/lib/secrets";
import { hashPassword, passwordProblem } from "./passwords";
import { consumeUserToken, issueUserToken, TOKEN_LIFETIME_MINUTES } from "./tokens";
import { checkEmail, findUserByEmail, getUser } from "./users";

const LOCALE = z.enum(["fr", "en"]).default("fr");

/** POST /dashboard-api/account/password-reset: the address, and the language of the mail. */
export const PasswordResetRequestInput = input(z.object({ email: z.string().max(320), locale: LOCALE }), { email: "INVALID_EMAIL", locale: "INVALID_EMAIL" });
/** POST /dashboard-api/account/password-reset/confirm: the mailed token and the new password. */
export const PasswordResetInput = input(z.object({ token: z.string().max(200), password: z.string().max(1024) }), { token: "RESET_LINK_INVALID", password: "INVALID_PASSWORD" });

export const resetUrl = (token: string): string => `${publicBaseUrl()}/account/reset?token=${encodeURIComponent(token)}`;

// The counters' keys name a keyed hash of the address, never the address (Redis holds no e-mails).
const addressSubject = (email: string): string => `addr:${createHmac("sha256", serverKey("auth.rate-limit-subject")).update(email, "utf8").digest("base64url").slice(0, 32)}`;

// One mail per token; the token itself never reaches the outbox's keys.
const dedupeKey = (token: string): string => `password-reset:${createHash("sha256").update(token, "utf8").digest("base64url").slice(0, 24)}`;

async function mailResetLink(db: Database, user: Pick<User, "id" | "email">, locale: Locale, forced: boolean, now: Date): Promise<void> {
  const token = await issueUserToken(db, user.id, "password_reset", now);
  await enqueueMail(db, { to: user.email, locale, template: "password_reset", params: { url: resetUrl(token), minutes: TOKEN_LIFETIME_MINUTES.password_reset, forced }, dedupeKey: dedupeKey(token) });
}

/**
 * "Forgot password": mails a reset link if the address has an account, and answers the same way
 * (nothing) if it does not, so the form cannot be used to find out who has an account. Limited
 * per address (here) on top of the route's per-IP limit: whichever address, known or not, so the
 * limit itself reveals nothing either. Call it in the transaction that commits the mail.
 */
export async function requestPasswordReset(db: Database, request: { email: string; locale: Locale }, now: Date = systemNow()): Promise<void> {
  const email = checkEmail(request.email);
  const rate = await hitRateLimits(addressSubject(email), ["auth.password_reset_address"]);
  if (rate.exceeded) throw new ApiError("RATE_LIMIT_EXCEEDED", undefined, { headers: rateLimitHeaders(rate) });
  const user = await findUserByEmail(db, email);
  if (user) await mailResetLink(db, user, request.locale, false, now);
}

/**
 * Sets a new password from a mailed link. The password is checked before the token is used (a
 * too-short password does not burn the link); then one statement consumes the token, so two
 * submissions of one link cannot both succeed. The mailbox is proven, so the address counts as
 * verified; the lockout is cleared; every session is revoked; two-factor stays on (a reset by
 * e-mail never bypasses it).
 */
export async function resetPassword(db: Database, request: { token: string; password: string }, now: Date = systemNow()): Promise<{ email: string }> {
  if (typeof request.password !== "string" || passwordProblem(request.password)) throw new ApiError("INVALID_PASSWORD", undefined, { param: "password" });
  const passwordHash = await hashPassword(request.password);
  const userId = await consumeUserToken(db, request.token, "password_reset", now);
  if (!userId) throw new ApiError("RESET_LINK_INVALID", undefined, { param: "token" });
  const [user] = await db
    .update(users)
    .set({
      passwordHash,
      failedLogins: 0,
      lockedUntil: null,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(eq(users.id, userId))
    .returning();
  await recordAudit(db, {
    actor: { staffId: `user:${user.id}` },
    action: "user.password_reset",
    targetType: "user",
    targetId: user.id,
    before: null,
    after: { email: user.email, sessions_revoked: true },
    merchantId: user.merchantId,
  });
  return { email: user.email };
}

/**
 * Staff force a reset (ops CLI, ops console): the password stops working at once, every session
 * ends, and the user is mailed a link to choose a new one. In the caller's transaction, with its
 * audit row.
 */
export async function forcePasswordReset(db: Database, input: { userId: string; actor: Actor }): Promise<void> {
  const now = systemNow();
  const user = await getUser(db, input.userId);
  if (!user) throw new ApiError("NOT_FOUND", "No such user.");
  await db
    .update(users)
    .set({ passwordHash: null, failedLogins: 0, lockedUntil: null, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, user.id));
  await mailResetLink(db, user, "fr", true, now);
  await recordAudit(db, {
    actor: input.actor,
    action: "user.password_reset.force",
    targetType: "user",
    targetId: user.id,
    before: { email: user.email, has_password: user.passwordHash !== null },
    after: { email: user.email, has_password: false, sessions_revoked: true },
    merchantId: user.merchantId,
  });
}

