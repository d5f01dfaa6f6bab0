import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { users, type User } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { systemNow } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/config";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import type { Locale } from "@/lib/i18n/locale";
import { enqueueMail } from "@/lib/mail/outbox";
import { consumeUserToken, issueUserToken, TOKEN_LIFETIME_MINUTES } from "./tokens";

/** POST /dashboard-api/account/verify-email: the mailed token. */
export const VerifyEmailInput = input(z.object({ token: z.string().max(200) }), { token: "VERIFICATION_LINK_INVALID" });
/** POST /dashboard-api/account/verify-email/resend: the language of the mail. */
export const ResendVerificationInput = input(z.object({ locale: z.enum(["fr", "en"]).default("fr") }));

export const verificationUrl = (token: string): string => `${publicBaseUrl()}/account/verify?token=${encodeURIComponent(token)}`;

/**
 * Mails a verification link (sign-up, the dashboard banner's "resend"); the newest link is the
 * only one that works. In the transaction that creates the account or answers the click.
 */
export async function mailEmailVerification(db: Database, user: Pick<User, "id" | "email">, locale: Locale, now: Date = systemNow()): Promise<void> {
  const token = await issueUserToken(db, user.id, "email_verification", now);
  await enqueueMail(db, {
    to: user.email,
    locale,
    template: "email_verification",
    params: { url: verificationUrl(token), days: Math.round(TOKEN_LIFETIME_MINUTES.email_verification / (24 * 60)) },
    dedupeKey: `email-verification:${createHash("sha256").update(token, "utf8").digest("base64url").slice(0, 24)}`,
  });
}

/** "Resend" from the banner: refused once verified (the route limits how often). */
export async function resendEmailVerification(db: Database, user: User, locale: Locale, now: Date = systemNow()): Promise<void> {
  if (user.emailVerifiedAt) throw new ApiError("EMAIL_ALREADY_VERIFIED");
  await mailEmailVerification(db, user, locale, now);
}

/** The link's click: consumes the token (once) and marks the address verified. */
export async function verifyEmail(db: Database, token: string, now: Date = systemNow()): Promise<{ email: string }> {
  const userId = await consumeUserToken(db, token, "email_verification", now);
  if (!userId) throw new ApiError("VERIFICATION_LINK_INVALID", undefined, { param: "token" });
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId))
    .returning();
  await recordAudit(db, {
    actor: { staffId: `user:${user.id}` },
    action: "user.email_verify",
    targetType: "user",
    targetId: user.id,
    before: null,
    after: { email: user.email, email_verified: true },
    merchantId: user.merchantId,
  });
  return { email: user.email };
}
