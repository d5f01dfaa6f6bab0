import { availableParallelism } from "node:os";
import { trustedProxies } from "./edge";

/** The server's settings, read once from the environment (docs/configuration.md); a bad value stops the start. */
export type ServerOptions = ReturnType<typeof serverOptions>;

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

export function serverOptions() {
  const requested = process.env.CAURI_WORKERS ?? "1";
  const workers = requested === "auto" ? availableParallelism() : Number(requested);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`CAURI_WORKERS must be a positive integer or "auto", got "${requested}"`);
  const dispatch = process.env.CAURI_V1_DISPATCH ?? "direct";
  if (dispatch !== "direct" && dispatch !== "next") throw new Error(`CAURI_V1_DISPATCH must be "direct" or "next", got "${dispatch}"`);
  const options = {
    port: positiveInt("PORT", 3000),
    hostname: process.env.HOSTNAME ?? "0.0.0.0",
    workers,
    trustedProxies: trustedProxies(),
    /** Bytes a request body may carry unless its route declares more (413 PAYLOAD_TOO_LARGE beyond). */
    bodyLimit: positiveInt("CAURI_BODY_LIMIT_BYTES", 1024 * 1024),
    /** All request headers together (Node's default is 16 KB); beyond: a JSON 431. */
    headerLimit: positiveInt("CAURI_HEADER_LIMIT_BYTES", 16 * 1024),
    // Node closes idle keep-alive sockets after 5 s; a client (or load balancer) reusing one at that
    // instant gets ECONNRESET. Keeping them longer than common LB idle timeouts (60 s) avoids the race.
    keepAliveMs: positiveInt("KEEP_ALIVE_TIMEOUT", 65_000),
    /** How long a client may take to send a request's headers (slowloris): its connection is then closed. */
    headersTimeoutMs: positiveInt("CAURI_HEADERS_TIMEOUT_MS", 10_000),
    /** How long a client may take to send a whole request, body included (1 MB at 256 kbit/s: 33 s). */
    requestTimeoutMs: positiveInt("CAURI_REQUEST_TIMEOUT_MS", 60_000),
    /** How long SIGTERM waits for requests in flight before closing what is left. */
    drainMs: positiveInt("CAURI_DRAIN_TIMEOUT_MS", 10_000),
    /** "next" sends /v1 through Next.js's router too (the parity test compares both paths). */
    dispatch: dispatch as "direct" | "next",
  };
  if (options.headersTimeoutMs > options.requestTimeoutMs) {
    throw new Error(`CAURI_HEADERS_TIMEOUT_MS (${options.headersTimeoutMs}) cannot exceed CAURI_REQUEST_TIMEOUT_MS (${options.requestTimeoutMs}): the headers are part of the request`);
  }
  return options;
}
