export const CLIENT_IP_HEADER = "x-cauri-client-ip";

/** Headers naming `ip` as the client, for work done on a client's behalf outside an HTTP request of its own. */
export const clientHeaders = (ip: string): Headers => new Headers({ [CLIENT_IP_HEADER]: ip });

/**
 * The address per-IP rate limits count against. `npm start` and the Docker image set
 * `x-cauri-client-ip` on every request from the socket and CAURI_TRUSTED_PROXIES
 * (server/edge.ts), replacing any value a client sent. Without that header (`next dev`,
 * route handlers called in tests) the first X-Forwarded-For entry is used.
 */
export function clientIpOf(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_IP_HEADER) || headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "unknown";
}
