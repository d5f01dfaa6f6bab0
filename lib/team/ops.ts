import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import type { Actor } from "@/lib/audit/record";
import { forcePasswordReset } from "@/lib/auth/password-reset";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";

export const OwnerInvitationInput = input(z.object({ email: z.string().max(254) }), { email: "INVALID_EMAIL" });

/** The ops console's "force password reset" on a merchant's page: only one of that merchant's users. */
export async function forceMemberPasswordReset(db: Database, merchantId: string, userId: string, actor: Actor): Promise<{ reset: true }> {
  const [member] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.merchantId, merchantId))).limit(1);
  if (!member) throw new ApiError("NOT_FOUND", "No such user for this merchant.");
  await forcePasswordReset(db, { userId, actor });
  return { reset: true };
}
