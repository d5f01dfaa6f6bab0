import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { MERCHANT_ROLES, merchantRequests, merchants, users, type Merchant, type MerchantRole, type User } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { isUniqueViolation, normalizeEmail } from "@/lib/auth/users";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import type { Locale } from "@/lib/i18n/locale";
import { newId } from "@/lib/ids";
import { mailInvitation } from "./invitations";

export const InviteInput = input(z.object({ email: z.string().max(254), role: z.enum(MERCHANT_ROLES) }), { email: "INVALID_EMAIL", role: "INVALID_ROLE" });
export const RoleChangeInput = input(z.object({ role: z.enum(MERCHANT_ROLES) }), { role: "INVALID_ROLE" });

/** One member as the team page lists them. `invited_by` is an e-mail, or "staff" for Cauri staff. */
export type MemberView = {
  id: string;
  email: string;
  role: MerchantRole;
  status: "invited" | "active";
  two_factor: boolean;
  invited_by: string | null;
  created_at: string;
};

/** Who acts on a team: the member signed in to the dashboard, or Cauri staff (ops CLI or console). */
export type TeamActor = { actor: Actor; user: User | null };

const memberAudit = (u: User) => ({ email: u.email, role: u.merchantRole, status: u.passwordHash === null ? "invited" : "active" });

/** Every member of the merchant, owners first, then by e-mail. */
export async function listMembers(db: Database, merchantId: string): Promise<MemberView[]> {
  const rows = await db.select().from(users).where(eq(users.merchantId, merchantId)).orderBy(asc(users.email));
  const inviters = new Map(rows.map((u) => [`user:${u.id}`, u.email]));
  const rank = (r: MerchantRole | null) => MERCHANT_ROLES.indexOf(r ?? "viewer");
  return rows
    .sort((a, b) => rank(a.merchantRole) - rank(b.merchantRole))
    .map((u) => ({
      id: u.id,
      email: u.email,
      role: u.merchantRole ?? "viewer",
      status: u.passwordHash === null ? "invited" : "active",
      two_factor: u.totpEnabledAt !== null,
      invited_by: u.invitedBy === null ? null : (inviters.get(u.invitedBy) ?? (u.invitedBy.startsWith("user:") ? null : "staff")),
      created_at: u.createdAt.toISOString(),
    }));
}

// Serializes every change of one merchant's team: the owner count read after this lock is the
// one the change leaves, so two owners demoting or removing each other at once cannot leave none.
async function lockTeam(db: Database, merchantId: string): Promise<Merchant> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).for("update");
  if (!merchant) throw new ApiError("NOT_FOUND", "No such merchant.");
  return merchant;
}

async function memberOf(db: Database, merchantId: string, memberId: string): Promise<User> {
  const [user] = await db.select().from(users).where(and(eq(users.id, memberId), eq(users.merchantId, merchantId))).limit(1);
  if (!user) throw new ApiError("NOT_FOUND", "No such member on this account.", { param: "id" });
  return user;
}

async function assertAnotherOwner(db: Database, merchantId: string, memberId: string): Promise<void> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.merchantRole, "owner"), ne(users.id, memberId), sql`${users.passwordHash} is not null`));
  if (n === 0) throw new ApiError("LAST_OWNER");
}

/**
 * Invites someone to the merchant's team: a user with no password yet (they cannot sign in), the
 * role chosen, and the invitation mail — one transaction. An e-mail that already has an account
 * (here or at another merchant) is MEMBER_EMAIL_TAKEN.
 */
export async function inviteMember(db: Database, merchantId: string, invite: { email: string; role: MerchantRole; by: TeamActor; locale?: Locale }): Promise<MemberView> {
  const email = normalizeEmail(invite.email ?? "");
  if (!z.email().max(254).safeParse(email).success) throw new ApiError("INVALID_EMAIL", undefined, { param: "email" });
  const merchant = await lockTeam(db, merchantId);
  let user: User;
  try {
    // A savepoint, so a taken e-mail is an answer rather than an aborted transaction.
    [user] = await db.transaction((tx) =>
      tx.insert(users).values({ id: newId("usr"), email, passwordHash: null, role: "merchant", merchantId, merchantRole: invite.role, invitedBy: invite.by.actor.staffId }).returning(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("MEMBER_EMAIL_TAKEN", undefined, { param: "email" });
    throw error;
  }
  await mailInvitation(db, { user, merchantName: merchant.name, invitedByEmail: invite.by.user?.email ?? null, locale: invite.locale });
  await recordAudit(db, { actor: invite.by.actor, action: "member.invite", targetType: "user", targetId: user.id, before: null, after: memberAudit(user), merchantId });
  return (await listMembers(db, merchantId)).find((m) => m.id === user.id)!;
}

/** Sends a member who has not accepted yet a new invitation; the previous link stops working. */
export async function resendInvitation(db: Database, merchantId: string, memberId: string, by: TeamActor, locale?: Locale): Promise<{ sent: true }> {
  const merchant = await lockTeam(db, merchantId);
  const user = await memberOf(db, merchantId, memberId);
  if (user.passwordHash !== null) throw new ApiError("INVITATION_ALREADY_ACCEPTED");
  await mailInvitation(db, { user, merchantName: merchant.name, invitedByEmail: by.user?.email ?? null, locale });
  await recordAudit(db, { actor: by.actor, action: "member.reinvite", targetType: "user", targetId: user.id, before: null, after: memberAudit(user), merchantId });
  return { sent: true };
}

/** Changes a member's role; the last active owner cannot be demoted (LAST_OWNER). */
export async function changeMemberRole(db: Database, merchantId: string, memberId: string, role: MerchantRole, by: TeamActor): Promise<MemberView> {
  await lockTeam(db, merchantId);
  const user = await memberOf(db, merchantId, memberId);
  if (user.merchantRole === role) return (await listMembers(db, merchantId)).find((m) => m.id === user.id)!;
  if (user.merchantRole === "owner") await assertAnotherOwner(db, merchantId, user.id);
  const [after] = await db.update(users).set({ merchantRole: role }).where(eq(users.id, user.id)).returning();
  await recordAudit(db, { actor: by.actor, action: "member.role_change", targetType: "user", targetId: user.id, before: memberAudit(user), after: memberAudit(after), merchantId });
  return (await listMembers(db, merchantId)).find((m) => m.id === user.id)!;
}

/**
 * Removes a member (an owner removing themselves is leaving): the account is deleted, which ends
 * its sessions (a session whose user is gone is refused, lib/auth/users.ts userOfSession), so the e-mail can be invited again, here or elsewhere. Their one-time tokens and
 * recovery codes go with it (ON DELETE CASCADE); the requests they made to staff stay, without
 * the link to a person who no longer exists; the audit row keeps who they were. The last active
 * owner cannot be removed (LAST_OWNER).
 */
export async function removeMember(db: Database, merchantId: string, memberId: string, by: TeamActor): Promise<{ removed: true }> {
  await lockTeam(db, merchantId);
  const user = await memberOf(db, merchantId, memberId);
  if (user.merchantRole === "owner") await assertAnotherOwner(db, merchantId, user.id);
  await db.update(merchantRequests).set({ requestedBy: null }).where(inArray(merchantRequests.requestedBy, [user.id]));
  await db.delete(users).where(eq(users.id, user.id));
  await recordAudit(db, { actor: by.actor, action: "member.remove", targetType: "user", targetId: user.id, before: memberAudit(user), after: null, merchantId });
  return { removed: true };
}
