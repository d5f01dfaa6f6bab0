/**
 * What the server decides about a request before any route sees it: who sent it (for per-IP
 * limits) and a request target the router can decode.
 */

/** The trusted header per-IP rate limits read (lib/http/client-ip.ts); a client's own value is replaced. */
export { CLIENT_IP_HEADER } from "@/lib/http/client-ip";

/**
 * The client's address. A client can put anything in X-Forwarded-For, so the header is read only
 * as far as the `hops` trusted proxies in front of us appended to it (CAURI_TRUSTED_PROXIES).
 */
export function clientAddress(forwardedFor: string | string[] | undefined, remoteAddress: string | undefined, hops: number): string {
  const socket = remoteAddress ?? "unknown";
  if (!hops || hops < 1 || !forwardedFor) return socket;
  const chain = String(forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The socket is the last proxy; each trusted proxy added the address it received from.
  const index = chain.length - hops;
  return index >= 0 ? chain[index] : (chain[0] ?? socket);
}

export function trustedProxies(value = process.env.CAURI_TRUSTED_PROXIES): number {
  const hops = Number.parseInt(value ?? "0", 10);
  if (!Number.isInteger(hops) || hops < 0 || String(hops) !== (value ?? "0").trim()) {
    throw new Error(`CAURI_TRUSTED_PROXIES must be a whole number of proxies (0 or more), got "${value}"`);
  }
  return hops;
}

/**
 * A path that is not valid percent-encoding (`/v1/payments/%ZZ`, a cut UTF-8 sequence) makes
 * Next.js's router answer a plain-text 500 before any route runs. Each `%` of such a path is made
 * literal, so the app answers it like any unknown identifier (JSON 404 under /v1).
 */
export function repairedTarget(target: string): string {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return target;
  } catch {
    return path.replaceAll("%", "%25") + (queryAt === -1 ? "" : target.slice(queryAt));
  }
}
