import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { users, type MerchantRole, type User, type UserRole } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from "./passwords";
import { checkSecondFactor } from "./two-factor";

/** Consecutive failed sign-ins that lock an account, and for how long. Shown on the sign-in page. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EmailSchema = z.email().max(254);

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, constraint_name, constraint: c } = e as { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (code === "23505") return !constraint || constraint_name === constraint || c === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A well-formed address, normalized; INVALID_EMAIL otherwise. */
export function checkEmail(raw: string): string {
  const email = normalizeEmail(typeof raw === "string" ? raw : "");
  if (!EmailSchema.safeParse(email).success) throw new ApiError("INVALID_EMAIL", undefined, { param: "email" });
  return email;
}

/** Validates and normalizes what an account is made of; throws the field's own error code. */
export function checkCredentials(input: { email: string; password: string }): { email: string; password: string } {
  const email = checkEmail(input.email);
  if (typeof input.password !== "string" || passwordProblem(input.password)) throw new ApiError("INVALID_PASSWORD", undefined, { param: "password" });
  return { email, password: input.password };
}

/**
 * Creates a dashboard (role merchant, with its merchant) or ops-console (role staff) account.
 * Two sign-ups with one e-mail at once: the unique index lets one through, the other gets EMAIL_TAKEN.
 */
export async function createUser(
  db: Database,
  input: { email: string; password: string; role: UserRole; merchantId?: string | null; merchantRole?: MerchantRole },
): Promise<User> {
  const { email, password } = checkCredentials(input);
  const passwordHash = await hashPassword(password);
  const merchant = input.role === "merchant";
  try {
    const [row] = await db
      .insert(users)
      .values({
        id: newId("usr"),
        email,
        passwordHash,
        role: input.role,
        merchantId: merchant ? (input.merchantId ?? null) : null,
        merchantRole: merchant ? (input.merchantRole ?? "owner") : null,
      })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("EMAIL_TAKEN", undefined, { param: "email" });
    throw error;
  }
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row ?? null;
}

export async function getUser(db: Database, id: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The user a session names, or null when the account is gone or the session was revoked (an older session_version). */
export async function userOfSession(db: Database, claims: { uid: string; sv?: number }): Promise<User | null> {
  const user = await getUser(db, claims.uid);
  return user && user.sessionVersion === (claims.sv ?? 0) ? user : null;
}

/** Ends every session of a user at once (password reset, forced reset, removal from a team). */
export async function revokeSessions(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
}

export type SignInResult =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "two_factor_required" }
  | { ok: false; reason: "two_factor_invalid" }
  | { ok: false; reason: "locked"; lockedUntil: Date };

async function lock(db: Database, userId: string, now: Date): Promise<Date> {
  const lockedUntil = new Date(now.getTime() + LOCK_MINUTES * 60_000);
  await db.update(users).set({ failedLogins: 0, lockedUntil }).where(eq(users.id, userId));
  return lockedUntil;
}

/**
 * Checks an e-mail and password with lockout: the attempt is counted (atomically) before the
 * slow password check, so parallel guesses cannot all run before the lock lands; the attempt
 * that reaches MAX_FAILED_LOGINS without the right password locks the account for LOCK_MINUTES,
 * and attempts beyond it are refused without checking. While locked, even the right password is
 * refused. A success resets the count. An unknown e-mail costs the same bcrypt time and gets the
 * same answer as a wrong password.
 *
 * With two-factor on, the right password alone answers "two_factor_required" (not counted as a
 * failure: the form then asks for the code, keeping the password); a wrong or reused code counts
 * as a failed sign-in like a wrong password, so codes cannot be guessed past the lockout.
 */
export async function authenticate(db: Database, emailInput: string, password: string, now: Date = systemNow(), otp?: string): Promise<SignInResult> {
  const email = normalizeEmail(emailInput ?? "");
  if (!email || typeof password !== "string" || password.length === 0) return { ok: false, reason: "invalid" };
  const [claimed] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(and(eq(users.email, email), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning();
  if (!claimed) {
    const existing = await findUserByEmail(db, email);
    if (existing?.lockedUntil && existing.lockedUntil > now) return { ok: false, reason: "locked", lockedUntil: existing.lockedUntil };
    await burnPasswordCheck(password);
    return { ok: false, reason: "invalid" };
  }
  if (claimed.failedLogins > MAX_FAILED_LOGINS) return { ok: false, reason: "locked", lockedUntil: await lock(db, claimed.id, now) };
  // An invited member who has not set a password yet cannot sign in; the same bcrypt time is spent.
  if (claimed.passwordHash === null) await burnPasswordCheck(password);
  else if (await verifyPassword(password, claimed.passwordHash)) {
    if (claimed.totpEnabledAt && !otp) {
      await db.update(users).set({ failedLogins: sql`greatest(${users.failedLogins} - 1, 0)` }).where(eq(users.id, claimed.id));
      return { ok: false, reason: "two_factor_required" };
    }
    if (!claimed.totpEnabledAt || (await checkSecondFactor(db, claimed, otp!, now))) {
      const [user] = await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, claimed.id)).returning();
      return { ok: true, user };
    }
    if (claimed.failedLogins >= MAX_FAILED_LOGINS) return { ok: false, reason: "locked", lockedUntil: await lock(db, claimed.id, now) };
    return { ok: false, reason: "two_factor_invalid" };
  }
  if (claimed.failedLogins >= MAX_FAILED_LOGINS) return { ok: false, reason: "locked", lockedUntil: await lock(db, claimed.id, now) };
  return { ok: false, reason: "invalid" };
}

/** Staff accounts come from the ops command line only (`ops staff create`). */
export const createStaffUser = (db: Database, input: { email: string; password: string }) => createUser(db, { ...input, role: "staff" });
