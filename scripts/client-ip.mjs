/**
 * Gives every request the address of the client that sent it, as the trusted header
 * `x-cauri-client-ip` (per-IP rate limits read it: lib/http/client-ip.ts). A client can put
 * anything in X-Forwarded-For, and Next.js keeps a client's value rather than the socket's, so
 * trusting that header would let anyone reset their limits by changing it.
 *
 * CAURI_TRUSTED_PROXIES is the number of proxies in front of the server that append to
 * X-Forwarded-For (a load balancer: 1). 0, the default, ignores the header and uses the socket.
 *
 * Loaded by scripts/cluster-server.mjs (copied beside it as client-ip.mjs) in the serving
 * process: Next.js creates the HTTP server itself, so the header is set where every server
 * hands a request to its listeners. Plain JavaScript, like the launcher that loads it.
 */
import cluster from "node:cluster";
import http from "node:http";

export const CLIENT_IP_HEADER = "x-cauri-client-ip";

/** The client's address: `hops` trusted proxies appended the last entries of X-Forwarded-For. */
export function clientAddress(forwardedFor, remoteAddress, hops) {
  const socket = remoteAddress ?? "unknown";
  if (!hops || hops < 1 || !forwardedFor) return socket;
  const chain = String(forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The socket is the last proxy; each trusted proxy added the address it received from.
  const index = chain.length - hops;
  return index >= 0 ? chain[index] : chain[0] ?? socket;
}

export function trustedProxies(value = process.env.CAURI_TRUSTED_PROXIES) {
  const hops = Number.parseInt(value ?? "0", 10);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`CAURI_TRUSTED_PROXIES must be a whole number of proxies (0 or more), got "${value}"`);
  return hops;
}

export function installClientIp(hops = trustedProxies()) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, ...rest) {
    if (event === "request") request.headers[CLIENT_IP_HEADER] = clientAddress(request.headers["x-forwarded-for"], request.socket?.remoteAddress, hops);
    return emit.call(this, event, request, ...rest);
  };
}

// A cluster worker loads this module with --import before server.js.
if (cluster.isWorker) installClientIp();
