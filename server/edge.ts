/**
 * What the server decides about a request before any route sees it: who sent it (for per-IP
 * limits) and a request target the router can decode.
 */

export { applyTrustedForwarding, clientAddress, trustedProxies } from "@/lib/http/client-ip";

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
