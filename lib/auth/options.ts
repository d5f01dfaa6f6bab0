import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "@/db/client";
import type { UserRole } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { log } from "@/lib/log";
import { authSecret } from "./secret";
import { authenticate } from "./users";

/** The error string the sign-in page receives for a locked account (next-auth passes a thrown message through). */
export const ACCOUNT_LOCKED_ERROR = "AccountLocked";
/** The right password of an account with two-factor on, without a code: the page asks for the code. */
export const TWO_FACTOR_REQUIRED_ERROR = "TwoFactorRequired";
/** A wrong or already used two-factor code (counted as a failed sign-in). */
export const TWO_FACTOR_INVALID_ERROR = "TwoFactorInvalid";

/** Sessions last a working day; the cookie is re-issued at most once an hour while in use. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** `sv` is the user's session_version at sign-in: a session whose sv no longer matches is revoked. */
export type SessionClaims = { uid: string; role: UserRole; mid: string | null; sv: number };

/**
 * next-auth v4: Credentials (e-mail + password) with JWT sessions in an httpOnly, SameSite=Lax
 * cookie (`__Secure-` prefixed and Secure when the site is served over https). The token carries
 * only the user id, role and merchant id; every page and handler reloads the user from the
 * database (lib/http/session.ts), so a deleted account or changed role takes effect at once, and a
 * token whose `sv` is older than the user's session_version (a password reset) is refused.
 */
export const authOptions: NextAuthOptions = {
  // A getter, so the secret file is only touched when a request needs it (not by `next build`).
  get secret() {
    return authSecret();
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 60 * 60 },
  useSecureCookies: (process.env.NEXTAUTH_URL ?? publicBaseUrl()).startsWith("https://"),
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "E-mail",
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" }, otp: { label: "Code", type: "text" } },
      async authorize(credentials) {
        const result = await authenticate(db(), credentials?.email ?? "", credentials?.password ?? "", undefined, credentials?.otp || undefined);
        if (result.ok) return { id: result.user.id, email: result.user.email, role: result.user.role, merchantId: result.user.merchantId, sessionVersion: result.user.sessionVersion };
        log("info", "sign-in refused", { reason: result.reason });
        if (result.reason === "locked") throw new Error(ACCOUNT_LOCKED_ERROR);
        if (result.reason === "two_factor_required") throw new Error(TWO_FACTOR_REQUIRED_ERROR);
        if (result.reason === "two_factor_invalid") throw new Error(TWO_FACTOR_INVALID_ERROR);
        return null;
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        const u = user as unknown as { id: string; role: UserRole; merchantId: string | null; sessionVersion: number };
        Object.assign(token, { uid: u.id, role: u.role, mid: u.merchantId, sv: u.sessionVersion } satisfies SessionClaims);
      }
      return token;
    },
    async session({ session, token }) {
      const claims = token as unknown as Partial<SessionClaims>;
      return { ...session, user: { email: session.user?.email ?? null }, uid: claims.uid, role: claims.role, mid: claims.mid ?? null, sv: claims.sv ?? 0 };
    },
  },
  logger: {
    error: (code, metadata) => log("error", "next-auth error", { code, detail: metadata instanceof Error ? metadata.message : undefined }),
    // NEXTAUTH_URL only shapes next-auth's own redirect URLs, which our pages never follow
    // (they sign in and out with redirect: false); the warning would be noise.
    warn: (code) => {
      if (code !== "NEXTAUTH_URL") log("warn", "next-auth warning", { code });
    },
    debug: () => {},
  },
};
