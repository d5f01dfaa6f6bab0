import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { ApiError, errorCatalogue } from "@/lib/core/errors";

/**
 * Live money needs owners whose accounts are hard to take over: every owner of the merchant has
 * a verified e-mail (a reset link reaches them, not a typo) and two-factor sign-in. Checked when
 * the merchant asks for production access and again when staff open it. A merchant without any
 * dashboard account (created with `ops merchant create`, run by staff) has no one to sign in, so
 * nothing to check.
 */
export async function assertReadyForProduction(db: Database, merchantId: string): Promise<void> {
  const owners = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.merchantRole, "owner")))
    .orderBy(users.email);
  const unverified = owners.filter((o) => !o.emailVerifiedAt).map((o) => o.email);
  if (unverified.length) throw new ApiError("EMAIL_NOT_VERIFIED", `${errorCatalogue.EMAIL_NOT_VERIFIED.message} Not verified yet: ${unverified.join(", ")}.`);
  const withoutTwoFactor = owners.filter((o) => !o.totpEnabledAt).map((o) => o.email);
  if (withoutTwoFactor.length) throw new ApiError("TWO_FACTOR_REQUIRED", `${errorCatalogue.TWO_FACTOR_REQUIRED.message} Without it yet: ${withoutTwoFactor.join(", ")}.`);
}
