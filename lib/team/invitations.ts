import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { users, type Merchant, type MerchantRole, type User } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { hashPassword, passwordProblem } from "@/lib/auth/passwords";
import { consumeUserToken, issueUserToken, peekUserToken, TOKEN_LIFETIME_MINUTES } from "@/lib/auth/tokens";
import { getUser } from "@/lib/auth/users";
import { systemNow } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/config";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import type { Locale } from "@/lib/i18n/locale";
import { enqueueMail } from "@/lib/mail/outbox";
import { getMerchant } from "@/lib/platform/merchants";

export const invitationLink = (token: string) => `${publicBaseUrl()}/account/invitation?token=${encodeURIComponent(token)}`;

/**
 * Issues an invitation token (the newest one only works) and enqueues the `invitation` mail with
 * its link, in the caller's transaction: the mail exists if and only if the invitation committed.
 */
export async function mailInvitation(db: Database, input: { user: User; merchantName: string; invitedByEmail: string | null; locale?: Locale }): Promise<void> {
  const token = await issueUserToken(db, input.user.id, "invitation");
  await enqueueMail(db, {
    to: input.user.email,
    locale: input.locale ?? "fr",
    template: "invitation",
    params: {
      merchantName: input.merchantName,
      role: input.user.merchantRole ?? "viewer",
      invitedBy: input.invitedByEmail,
      link: invitationLink(token),
      days: TOKEN_LIFETIME_MINUTES.invitation / (24 * 60),
    },
    // One mail per token: the hash names it without putting the token itself in the outbox's key.
    dedupeKey: `invitation:${createHash("sha256").update(token).digest("hex").slice(0, 32)}`,
  });
}

export const AcceptInvitationInput = input(z.object({ token: z.string().max(200), password: z.string() }), { token: "INVITATION_INVALID", password: "INVALID_PASSWORD" });

/** What the invitation page shows before the password is chosen; null for a link that is unknown, used or expired. */
export async function openInvitation(db: Database, token: string): Promise<{ email: string; merchant: Merchant; role: MerchantRole } | null> {
  const userId = await peekUserToken(db, token, "invitation");
  const user = userId ? await getUser(db, userId) : null;
  const merchant = user?.merchantId ? await getMerchant(db, user.merchantId) : null;
  if (!user || !merchant || !user.merchantRole || user.passwordHash !== null) return null;
  return { email: user.email, merchant, role: user.merchantRole };
}

/**
 * Accepts an invitation: the token is consumed by one statement (two submissions of one link:
 * one wins, the other gets INVITATION_INVALID), the password is set, the e-mail counts as
 * verified (the link proved it), and the acceptance is audited — all in the caller's transaction.
 * The person then signs in normally.
 */
export async function acceptInvitation(db: Database, form: { token: string; password: string }): Promise<{ email: string }> {
  if (typeof form.password !== "string" || passwordProblem(form.password)) throw new ApiError("INVALID_PASSWORD", undefined, { param: "password" });
  const passwordHash = await hashPassword(form.password);
  const now = systemNow();
  const userId = await consumeUserToken(db, form.token, "invitation", now);
  if (!userId) throw new ApiError("INVITATION_INVALID");
  const [user] = await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: now, failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning();
  if (!user) throw new ApiError("INVITATION_INVALID");
  await recordAudit(db, {
    actor: { staffId: `user:${user.id}` },
    action: "member.accept",
    targetType: "user",
    targetId: user.id,
    before: { status: "invited" },
    after: { status: "active", email: user.email, role: user.merchantRole },
    merchantId: user.merchantId,
  });
  return { email: user.email };
}
