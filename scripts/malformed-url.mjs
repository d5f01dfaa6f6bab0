/**
 * A request path that is not valid percent-encoding (`/v1/payments/%ZZ`, a cut UTF-8 sequence
 * such as `%E0%A4%A`) makes Next.js's router throw before any route runs, and it answers a
 * plain-text 500. Such a path is rewritten here so that each of its `%` is a literal percent sign:
 * the app then answers it like any unknown identifier (JSON 404 under /v1, the 404 page elsewhere).
 *
 * Loaded like client-ip.mjs, in every serving process. Plain JavaScript, like the launcher.
 */
import cluster from "node:cluster";
import http from "node:http";

/** The request target with every `%` of its path escaped when the path does not decode; else unchanged. */
export function repairedTarget(target) {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return target;
  } catch {
    return path.replaceAll("%", "%25") + (queryAt === -1 ? "" : target.slice(queryAt));
  }
}

export function installMalformedUrlRepair() {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, ...rest) {
    if (event === "request" && typeof request.url === "string") request.url = repairedTarget(request.url);
    return emit.call(this, event, request, ...rest);
  };
}

// A cluster worker loads this module with --import before server.js.
if (cluster.isWorker) installMalformedUrlRepair();
