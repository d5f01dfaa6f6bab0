import { logRequest } from "@/lib/log";
import type { HttpMethod } from "@/lib/http/openapi/types";
import { errorResponse } from "./envelope";
import { ApiError } from "@/lib/core/errors";
import { requestIdOf } from "./request-id";

type Handler = (request: Request) => Promise<Response>;

const notAllowedHandlers = new WeakSet<Handler>();

/**
 * The handlers a /v1 route file exports for the methods it does not serve:
 *
 *   export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
 *
 * Next.js answers a method a route file does not export with an empty 405, and its automatic
 * OPTIONS lists every exported method; the contract wants the JSON error envelope, and `Allow`
 * must name only what is served. (A proxy.ts did this before, at the cost of running Next.js's
 * middleware on every /v1 request: about a quarter of a keyed read's CPU time.)
 */
export function notAllowed(...allowed: HttpMethod[]): Record<HttpMethod | "OPTIONS", Handler> {
  const allow = allowed.join(", ");
  const refuse: Handler = async (request) => {
    // Reading the request's headers also keeps Next.js from prerendering a refusing GET at build time.
    const requestId = requestIdOf(request);
    const path = new URL(request.url).pathname;
    logRequest({ requestId, method: request.method, path: new URL(request.url).pathname }, 405, 0);
    return errorResponse(new ApiError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${path}. Allowed: ${allow}.`), { Allow: allow, "X-Request-Id": requestId });
  };
  const options: Handler = async (request) => {
    const all = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
    return new Response(null, { status: 204, headers: { Allow: all.join(", "), "X-Request-Id": requestIdOf(request) } });
  };
  notAllowedHandlers.add(refuse);
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}

/** Whether an exported handler is one of notAllowed()'s refusals (the OpenAPI document skips them). */
export function isNotAllowedHandler(handler: unknown): boolean {
  return typeof handler === "function" && notAllowedHandlers.has(handler as Handler);
}
