import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Database } from "@/db/client";
import { merchants, users, type User } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { systemNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { verifyPassword } from "./passwords";
import { consumeRecoveryCode, deleteRecoveryCodes, replaceRecoveryCodes, unusedRecoveryCodes } from "./recovery-codes";
import { checkTotp, isTotpShaped, newTotpSecret, normalizeCode, sealTotpSecret, totpUri } from "./totp";

export type TwoFactorStatus = { enabled: boolean; enabled_at: string | null; recovery_codes_left: number; required: boolean };
export type Enrollment = { secret: string; otpauth_url: string; qr_data_url: string };

const actorOf = (user: User) => ({ staffId: `user:${user.id}` });

async function audit(db: Database, user: User, action: string, after: Record<string, unknown>): Promise<void> {
  await recordAudit(db, { actor: actorOf(user), action, targetType: "user", targetId: user.id, before: null, after: { email: user.email, ...after }, merchantId: user.merchantId });
}

async function lockUser(db: Database, userId: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/**
 * Whether this user may not go without two-factor sign-in: staff always (the ops console moves
 * money), and an owner once their merchant is in production (the gate they passed to get there).
 */
export async function twoFactorRequired(db: Database, user: User): Promise<boolean> {
  if (user.role === "staff") return true;
  if (user.merchantRole !== "owner" || !user.merchantId) return false;
  const [row] = await db.select({ production: merchants.productionEnabled }).from(merchants).where(eq(merchants.id, user.merchantId));
  return row?.production === true;
}

export async function twoFactorStatus(db: Database, user: User): Promise<TwoFactorStatus> {
  return {
    enabled: user.totpEnabledAt !== null,
    enabled_at: user.totpEnabledAt?.toISOString() ?? null,
    recovery_codes_left: user.totpEnabledAt ? await unusedRecoveryCodes(db, user.id) : 0,
    required: await twoFactorRequired(db, user),
  };
}

/**
 * Step 1: a new secret, stored encrypted but not yet in force, shown as a QR code and as text.
 * Starting again replaces a secret that was never confirmed.
 */
export async function startEnrollment(db: Database, userId: string): Promise<Enrollment> {
  const user = await lockUser(db, userId);
  if (user.totpEnabledAt) throw new ApiError("TWO_FACTOR_ALREADY_ENABLED");
  const secret = newTotpSecret();
  await db.update(users).set({ totpSecret: sealTotpSecret(user.id, secret) }).where(eq(users.id, user.id));
  const otpauthUrl = totpUri(user.email, secret);
  return { secret, otpauth_url: otpauthUrl, qr_data_url: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220, errorCorrectionLevel: "M" }) };
}

/** Step 2: a current code proves the app holds the secret; two-factor is on, and the recovery codes are returned once. */
export async function confirmEnrollment(db: Database, userId: string, code: string, now: Date = systemNow()): Promise<{ recovery_codes: string[] }> {
  const user = await lockUser(db, userId);
  if (user.totpEnabledAt) throw new ApiError("TWO_FACTOR_ALREADY_ENABLED");
  if (!user.totpSecret) throw new ApiError("TWO_FACTOR_NOT_STARTED");
  if (!(await checkTotp(db, user.id, user.totpSecret, code, now))) throw new ApiError("INVALID_TWO_FACTOR_CODE", undefined, { param: "code" });
  await db.update(users).set({ totpEnabledAt: now }).where(eq(users.id, user.id));
  const codes = await replaceRecoveryCodes(db, user.id, now);
  await audit(db, user, "user.two_factor.enable", { two_factor: true });
  return { recovery_codes: codes };
}

/**
 * A code typed at sign-in or to confirm a sensitive change: six digits are a TOTP code (each
 * step once), anything else is tried as a recovery code (each once).
 */
export async function checkSecondFactor(db: Database, user: Pick<User, "id" | "totpSecret" | "totpEnabledAt">, code: string, now: Date = systemNow()): Promise<boolean> {
  if (!user.totpEnabledAt || !user.totpSecret || typeof code !== "string" || code.length > 64) return false;
  return isTotpShaped(normalizeCode(code)) ? checkTotp(db, user.id, user.totpSecret, code, now) : consumeRecoveryCode(db, user.id, code, now);
}

/** New recovery codes (the old ones stop working), on a current authenticator code. */
export async function regenerateRecoveryCodes(db: Database, userId: string, code: string, now: Date = systemNow()): Promise<{ recovery_codes: string[] }> {
  const user = await lockUser(db, userId);
  if (!user.totpEnabledAt || !user.totpSecret) throw new ApiError("TWO_FACTOR_NOT_ENABLED");
  if (!(await checkTotp(db, user.id, user.totpSecret, code, now))) throw new ApiError("INVALID_TWO_FACTOR_CODE", undefined, { param: "code" });
  const codes = await replaceRecoveryCodes(db, user.id, now);
  await audit(db, user, "user.two_factor.recovery_codes", { recovery_codes: codes.length });
  return { recovery_codes: codes };
}

/** Turning two-factor off takes the password and a code, and is refused where it is required. */
export async function disableTwoFactor(db: Database, userId: string, input: { password: string; code: string }, now: Date = systemNow()): Promise<void> {
  const user = await lockUser(db, userId);
  if (!user.totpEnabledAt) throw new ApiError("TWO_FACTOR_NOT_ENABLED");
  if (await twoFactorRequired(db, user)) throw new ApiError("TWO_FACTOR_DISABLE_FORBIDDEN");
  if (!user.passwordHash || !(await verifyPassword(input.password ?? "", user.passwordHash))) throw new ApiError("WRONG_PASSWORD", undefined, { param: "password" });
  if (!(await checkSecondFactor(db, user, input.code ?? "", now))) throw new ApiError("INVALID_TWO_FACTOR_CODE", undefined, { param: "code" });
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, user.id));
  await deleteRecoveryCodes(db, user.id);
  await audit(db, user, "user.two_factor.disable", { two_factor: false });
}
