import { eq } from "drizzle-orm";
import { generate } from "otplib";
import type { Database } from "@/db/client";
import { users, type User } from "@/db/schema";
import { confirmEnrollment, startEnrollment } from "@/lib/auth/two-factor";
import { createStaffUser, getUser } from "@/lib/auth/users";

/** The authenticator app's code for `secret` at `at` (default now). */
export const totpCode = (secret: string, at: Date = new Date()): Promise<string> => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * Enrolls a user in two-factor the way the settings page does (start, then confirm with the
 * app's current code): no shortcut past the product's own rules.
 */
export async function enrollTwoFactor(db: Database, userId: string, at: Date = new Date()): Promise<{ user: User; secret: string; recoveryCodes: string[] }> {
  const { secret } = await startEnrollment(db, userId);
  const { recovery_codes } = await confirmEnrollment(db, userId, await totpCode(secret, at), at);
  return { user: (await getUser(db, userId))!, secret, recoveryCodes: recovery_codes };
}

/** A staff user who has enrolled two-factor, as the console requires. */
export async function createEnrolledStaffUser(db: Database, input: { email: string; password: string }) {
  const created = await createStaffUser(db, input);
  return enrollTwoFactor(db, created.id);
}

/**
 * An owner ready for production (the production gate): the address verified (in the product,
 * by the mailed link; tests of that link are in lib/auth/email-verification.test.ts) and two-factor on.
 */
export async function secureOwner(db: Database, userId: string) {
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  return enrollTwoFactor(db, userId);
}
