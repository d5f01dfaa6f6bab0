import { serverKey } from "@/lib/secrets";

/**
 * The key that signs and encrypts the session cookies (next-auth JWT): NEXTAUTH_SECRET when set;
 * otherwise derived from the service's master secret (lib/secrets.ts: CAURI_SECRET_KEY, or the
 * key generated once into the data directory), so `npm run dev` needs no configuration and
 * sessions survive restarts. Every instance must see the same value, or a session signed by one
 * is refused by the others: in production set CAURI_SECRET_KEY (or NEXTAUTH_SECRET).
 */
export function authSecret(): string {
  const configured = process.env.NEXTAUTH_SECRET;
  if (configured) return configured;
  return serverKey("nextauth.session-jwt").toString("base64url");
}
