import { decode, encode } from "next-auth/jwt";
import type { UserRole } from "@/db/schema";
import { authOptions, SESSION_MAX_AGE_SECONDS, type SessionClaims } from "./options";
import { authSecret } from "./secret";

/** next-auth's session cookie name: `__Secure-` prefixed when cookies are Secure (https). */
export const sessionCookieName = (): string => (authOptions.useSecureCookies ? "__Secure-next-auth.session-token" : "next-auth.session-token");

function cookiesOf(request: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0) out.set(part.slice(0, eq), decodeURIComponent(part.slice(eq + 1)));
  }
  return out;
}

/**
 * The session claims of a raw Request (route handlers under app/dashboard-api and app/ops-api),
 * read from the session cookie only (never from an Authorization header) and decrypted with the
 * same secret and expiry as next-auth. Null when absent, expired or tampered with.
 */
export async function sessionFromRequest(request: Request): Promise<SessionClaims | null> {
  const cookies = cookiesOf(request);
  const name = sessionCookieName();
  let token = cookies.get(name);
  if (!token) {
    // next-auth splits a cookie over 4 kB into name.0, name.1, …
    const chunks = [...cookies.entries()].filter(([k]) => k.startsWith(`${name}.`)).sort(([a], [b]) => Number(a.split(".").pop()) - Number(b.split(".").pop()));
    token = chunks.length ? chunks.map(([, v]) => v).join("") : undefined;
  }
  if (!token) return null;
  try {
    const payload = (await decode({ token, secret: authSecret() })) as Partial<SessionClaims> | null;
    if (!payload?.uid || (payload.role !== "merchant" && payload.role !== "staff")) return null;
    return { uid: payload.uid, role: payload.role, mid: payload.mid ?? null, sv: typeof payload.sv === "number" ? payload.sv : 0 };
  } catch {
    return null;
  }
}

type SessionUser = { id: string; role: UserRole; merchantId: string | null; email: string; sessionVersion?: number };

/** The session token next-auth would issue after sign-in (the sign-in forms posted without JavaScript set it themselves). */
export function mintSessionToken(user: SessionUser): Promise<string> {
  return encode({
    token: { email: user.email, uid: user.id, role: user.role, mid: user.merchantId, sv: user.sessionVersion ?? 0 },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** The session cookie's attributes as next-auth sets them (httpOnly, SameSite=Lax, Secure over https), for the forms that sign in without its client. */
export const sessionCookieOptions = () => ({ httpOnly: true, sameSite: "lax" as const, path: "/", secure: Boolean(authOptions.useSecureCookies), maxAge: SESSION_MAX_AGE_SECONDS });

/** A session cookie as next-auth would set it after sign-in (tests of the handlers use it). */
export async function mintSessionCookie(user: SessionUser): Promise<string> {
  return `${sessionCookieName()}=${await mintSessionToken(user)}`;
}
