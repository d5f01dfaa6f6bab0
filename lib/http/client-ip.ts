/**
 * What a request says about its sender beyond the socket: the X-Forwarded-* headers. A client can
 * write anything there, so they count only as far as the proxies in front of us wrote them:
 * CAURI_TRUSTED_PROXIES of them. This is the one rule for the client's address (per-IP limits),
 * the host it asked for (the CSRF check, absolute URLs) and its scheme. `npm start` and the Docker
 * image apply it at the edge (server/http-server.ts) to every request, before any route reads them;
 * the CSRF check applies it again for `next dev`, where no edge runs.
 */

export const CLIENT_IP_HEADER = "x-cauri-client-ip";

/** Headers naming `ip` as the client, for work done on a client's behalf outside an HTTP request of its own. */
export const clientHeaders = (ip: string): Headers => new Headers({ [CLIENT_IP_HEADER]: ip });

export function trustedProxies(value = process.env.CAURI_TRUSTED_PROXIES): number {
  const hops = Number.parseInt(value ?? "0", 10);
  if (!Number.isInteger(hops) || hops < 0 || String(hops) !== (value ?? "0").trim()) {
    throw new Error(`CAURI_TRUSTED_PROXIES must be a whole number of proxies (0 or more), got "${value}"`);
  }
  return hops;
}

const entries = (header: string | string[] | null | undefined): string[] =>
  String(header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * The client's address: the entry of X-Forwarded-For the outermost trusted proxy appended (each
 * proxy appends the address it received from; the socket is the last one), else the socket's.
 */
export function clientAddress(forwardedFor: string | string[] | undefined, remoteAddress: string | undefined, hops: number): string {
  const socket = remoteAddress ?? "unknown";
  const chain = entries(forwardedFor);
  if (hops < 1 || chain.length === 0) return socket;
  const index = chain.length - hops;
  return index >= 0 ? chain[index] : chain[0];
}

/**
 * X-Forwarded-Host or X-Forwarded-Proto as our own proxy wrote it: the last entry (a proxy that
 * appends puts its value after whatever the client sent), and nothing when no proxy is trusted.
 */
export function trustedForwardedValue(header: string | string[] | null | undefined, hops: number): string | null {
  if (hops < 1) return null;
  return entries(header).at(-1) ?? null;
}

const FORWARDED = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-for"] as const;

/**
 * The edge's rewrite of a request's headers (Node's lower-cased object, changed in place): the
 * client's address in `x-cauri-client-ip` (any value a client sent replaced), and the X-Forwarded-*
 * headers dropped unless a trusted proxy wrote them, host and scheme reduced to that proxy's value,
 * so Next.js's own server-action check and every reader see only what is trusted.
 */
export function applyTrustedForwarding(headers: Record<string, string | string[] | undefined>, remoteAddress: string | undefined, hops: number): void {
  headers[CLIENT_IP_HEADER] = clientAddress(headers["x-forwarded-for"], remoteAddress, hops);
  if (hops < 1) {
    for (const name of FORWARDED) delete headers[name];
    return;
  }
  for (const name of ["x-forwarded-host", "x-forwarded-proto"] as const) {
    const value = trustedForwardedValue(headers[name], hops);
    if (value) headers[name] = value;
    else delete headers[name];
  }
}

/** The host a request was sent to: the trusted proxy's X-Forwarded-Host, else Host. Lower case, or null. */
export function requestHost(headers: Pick<Headers, "get">, hops = trustedProxies()): string | null {
  return (trustedForwardedValue(headers.get("x-forwarded-host"), hops) ?? headers.get("host"))?.toLowerCase() ?? null;
}

/**
 * The address per-IP rate limits count against: `x-cauri-client-ip` as the edge set it. Without
 * the edge (`next dev`, route handlers called in tests) the first X-Forwarded-For entry is used.
 */
export function clientIpOf(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_IP_HEADER) || headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "unknown";
}
