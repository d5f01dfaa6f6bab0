import { decode, encode } from "next-auth/jwt";
import type { Database } from "@/db/client";
import type { UserRole } from "@/db/schema";
import { log } from "@/lib/log";
import { ACCOUNT_LOCKED_ERROR, TWO_FACTOR_INVALID_ERROR, TWO_FACTOR_REQUIRED_ERROR } from "./options";
import { authSecret } from "./secret";
import { mintSessionToken } from "./session-token";
import { authenticate } from "./users";

/** How long the code step of a sign-in posted without JavaScript waits for the code. */
export const TWO_FACTOR_STEP_SECONDS = 5 * 60;
/** The code step's challenge is no longer readable (expired or altered): the form starts over. */
export const TWO_FACTOR_EXPIRED_ERROR = "TwoFactorExpired";

export type FormSignInFields = { email: string; password: string; otp: string; challenge: string };
export type FormSignInResult =
  | { ok: true; token: string; role: UserRole }
  | { ok: false; error: string; challenge: string | null };

/**
 * A sign-in posted as a plain form (before or without the page's script): the same checks and
 * answers as next-auth's credentials provider (lib/auth/options.ts), and on success the same
 * session token. The code step cannot keep the password in the page's memory as the script does,
 * so it carries it in a challenge encrypted with the session secret (next-auth's JWE), readable
 * by this server only, for a few minutes.
 */
export async function signInFromForm(db: Database, fields: FormSignInFields): Promise<FormSignInResult> {
  let email = fields.email;
  let password = fields.password;
  if (fields.challenge) {
    const held = await readChallenge(fields.challenge);
    if (!held) return { ok: false, error: TWO_FACTOR_EXPIRED_ERROR, challenge: null };
    ({ email, password } = held);
  }
  const result = await authenticate(db, email, password, undefined, fields.otp.trim() || undefined);
  if (result.ok) {
    const token = await mintSessionToken({ id: result.user.id, role: result.user.role, merchantId: result.user.merchantId, email: result.user.email, sessionVersion: result.user.sessionVersion });
    return { ok: true, token, role: result.user.role };
  }
  log("info", "sign-in refused", { reason: result.reason });
  if (result.reason === "locked") return { ok: false, error: ACCOUNT_LOCKED_ERROR, challenge: null };
  if (result.reason === "two_factor_required") return { ok: false, error: TWO_FACTOR_REQUIRED_ERROR, challenge: await writeChallenge(email, password) };
  if (result.reason === "two_factor_invalid") return { ok: false, error: TWO_FACTOR_INVALID_ERROR, challenge: fields.challenge || (await writeChallenge(email, password)) };
  return { ok: false, error: "CredentialsSignin", challenge: null };
}

function writeChallenge(email: string, password: string): Promise<string> {
  return encode({ token: { purpose: "sign-in-code", email, password }, secret: authSecret(), maxAge: TWO_FACTOR_STEP_SECONDS });
}

async function readChallenge(challenge: string): Promise<{ email: string; password: string } | null> {
  try {
    const payload = await decode({ token: challenge, secret: authSecret() });
    if (payload?.purpose !== "sign-in-code" || typeof payload.email !== "string" || typeof payload.password !== "string") return null;
    return { email: payload.email, password: payload.password };
  } catch {
    return null;
  }
}
