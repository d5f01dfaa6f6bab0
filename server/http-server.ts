import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { requestIdFrom } from "@/lib/http/request-id";
import { log } from "@/lib/log";
import { answerError, rawErrorAnswer } from "./answer";
import { BODY_METHODS, declaredLength } from "./body";
import { applyTrustedForwarding, refusedTarget, repairedTarget } from "./edge";
import { answerUnknownPathsInJson } from "./not-found";
import type { ServerOptions } from "./options";
import { dispatchV1 } from "./v1-dispatch";

export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return new URL(req.url ?? "/", "http://localhost");
  }
}

const isV1 = (pathname: string) => pathname === "/v1" || pathname.startsWith("/v1/");

/**
 * The one HTTP server of a process (docs/architecture.md, "The request path"). It owns the edge in one place:
 * the client's address, URL hygiene, body and header limits, keep-alive and the drain; then
 * /v1 goes straight to its route handler and everything else to Next.js.
 */
export function createAppServer(options: ServerOptions, nextHandler: NextHandler) {
  let draining = false;
  // Answers not yet sent: a drain marks them too, so their connections close once they are.
  const inFlight = new Set<ServerResponse>();

  const settings: http.ServerOptions = {
    maxHeaderSize: options.headerLimit,
    // A client that trickles its headers or body (slowloris) loses its connection after these.
    headersTimeout: options.headersTimeoutMs,
    requestTimeout: options.requestTimeoutMs,
    keepAliveTimeout: options.keepAliveMs,
    // Node checks those timeouts every 30 s by default, which would let a slow client stay that much longer.
    connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
  };
  const server = http.createServer(settings, (req, res) => {
    req.url = repairedTarget(req.url ?? "/");
    applyTrustedForwarding(req.headers, req.socket.remoteAddress, options.trustedProxies);
    // No answer of ours, JSON above all, is to be read as another type than it says.
    res.setHeader("X-Content-Type-Options", "nosniff");
    // During a drain, every answer tells the client to open its next request elsewhere.
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    const url = requestUrl(req);
    const method = req.method ?? "GET";
    // One id from the edge on: the server's own answers and the route's carry the same.
    const requestId = requestIdFrom(req.headers["x-request-id"]?.toString());
    req.headers["x-request-id"] = requestId;

    if (draining && url.pathname === "/readyz") {
      res.writeHead(503, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ status: "draining" }));
      return;
    }
    const refused = refusedTarget(req.url, url);
    if (refused) {
      req.resume();
      return answerError(res, refused, { method, path: url.pathname, requestId });
    }
    const length = declaredLength(req);
    if (length !== null && length > options.bodyLimit) return answerError(res, "PAYLOAD_TOO_LARGE", { method, path: url.pathname, requestId }, true);

    const handled = (() => {
      if (isV1(url.pathname) && options.dispatch === "direct") return dispatchV1(req, res, url, options.bodyLimit, requestId);
      // Next.js reads the body itself, so its length must be known up front to be bounded.
      if (BODY_METHODS.has(method) && length === null && req.headers["transfer-encoding"]) return answerError(res, "LENGTH_REQUIRED", { method, path: url.pathname, requestId }, true);
      answerUnknownPathsInJson(req, res, url.pathname, requestId);
      return nextHandler(req, res);
    })();
    handled?.catch((error: unknown) => {
      log("error", "unhandled error", { path: url.pathname, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      if (!res.headersSent) answerError(res, "INTERNAL_ERROR", { method, path: url.pathname, requestId });
      else res.destroy();
    });
  });

  // A request Node could not parse never reaches the handler: answer it in the envelope too.
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || !error.code?.startsWith("HPE_")) {
      socket.destroy();
      return;
    }
    socket.end(rawErrorAnswer(error.code === "HPE_HEADER_OVERFLOW" ? "HEADERS_TOO_LARGE" : "BAD_REQUEST"));
  });

  /** Stops taking connections, lets requests in flight finish (up to drainMs), then closes what is left. */
  const drain = async (): Promise<void> => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), options.drainMs);
    await closed;
    clearTimeout(timer);
  };

  return { server, drain };
}
