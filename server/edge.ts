import { ApiError } from "@/lib/core/errors";
import { nulInPath, nulInQuery, nulParameter } from "@/lib/core/validation";

/**
 * What the server decides about a request before any route sees it: who sent it (for per-IP
 * limits and the CSRF check), a request target the router can decode, and the targets no route
 * may see.
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

const isV1 = (pathname: string) => pathname === "/v1" || pathname.startsWith("/v1/");

/**
 * A request refused before any route or page runs, whatever it asks for: a NUL in the path
 * (404) or the query string (400: PostgreSQL text cannot hold it, and every page, search box and
 * list filter would otherwise hand it to SQL), and under /v1 what Next.js would answer outside
 * the API's envelope: a trailing slash (its 308) and dot segments that climb out of /v1 (its
 * HTML 404). `target` is the request line's, already repaired; `url` is it parsed.
 */
export function refusedTarget(target: string, url: URL): ApiError | null {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (decodeURIComponent(path).includes("\u0000")) return nulInPath();
  const param = nulParameter(url.searchParams);
  if (param !== null) return nulInQuery(param);
  if (!isV1(path)) return null;
  if (!isV1(url.pathname)) return new ApiError("NOT_FOUND", `${path} leaves /v1 once its dot segments are resolved (to ${url.pathname}); call the route by its own path.`);
  if (path.endsWith("/")) {
    const route = path.replace(/\/+$/, "");
    return new ApiError("NOT_FOUND", `No route at ${path}: API paths have no trailing slash. Call ${route}.`);
  }
  return null;
}
