import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record";
import { normalizeEmail } from "@/lib/auth/users";
import { ApiError } from "@/lib/core/errors";
import { getMerchant } from "@/lib/platform/merchants";
import { inviteMember, listMembers, resendInvitation, type MemberView } from "./members";

/**
 * Staff invite a merchant's owner (ops CLI `merchant invite-owner`, the ops console): how the
 * owner of a merchant created by staff gets in. The same invitation as a team's, as owner, with
 * the staff actor in the audit log. Sent again to someone already invited to this merchant who
 * has not accepted yet; an e-mail with an account of its own is MEMBER_EMAIL_TAKEN. One
 * transaction (the caller's, if it passes one).
 */
export async function inviteOwner(db: Database, input: { merchantId: string; email: string; actor: Actor }): Promise<{ member: MemberView; resent: boolean }> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    if (!(await getMerchant(tx, input.merchantId))) throw new ApiError("NOT_FOUND", `No merchant ${input.merchantId}.`);
    const by = { actor: input.actor, user: null };
    const [pending] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, normalizeEmail(input.email ?? "")), eq(users.merchantId, input.merchantId)))
      .limit(1);
    if (pending && pending.passwordHash === null && pending.merchantRole === "owner") {
      await resendInvitation(tx, input.merchantId, pending.id, by);
      return { member: (await listMembers(tx, input.merchantId)).find((m) => m.id === pending.id)!, resent: true };
    }
    return { member: await inviteMember(tx, input.merchantId, { email: input.email, role: "owner", by }), resent: false };
  });
}
