import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { errorBody } from "@/lib/http/envelope";
import { ApiError } from "@/lib/core/errors";

/**
 * Paths where only programs call: ours, and those of the service Cauri replaces, whose client
 * libraries still call e.g. POST /auth/register and /auth/login.
 */
const API_PREFIXES = ["/api/", "/auth/", "/dashboard-api/", "/ops-api/", "/v1/"];

/**
 * Whether a request comes from a program rather than a browser opening a page: a method no page
 * answers, a path under an API prefix, or an Accept header that asks for JSON and not HTML.
 * A browser (and any GET that takes HTML or anything) gets the 404 page.
 */
export function callsAnApi(method: string, pathname: string, accept: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return true;
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix)) return true;
  return /\bjson\b/i.test(accept ?? "") && !/text\/html/i.test(accept ?? "");
}

const notFound = (method: string, pathname: string) =>
  new ApiError(
    "NOT_FOUND",
    `No route at ${method} ${pathname}. Cauri's API is under /v1, called with an API key: create an account at /signup, then create your keys in the dashboard (Developers → API keys, /dashboard/developers). The reference is at /docs.`,
  );

const HTML = /^text\/html/i;

/**
 * Next.js answers an unknown path with its HTML 404 page. For a program that called it, the
 * page is replaced by the JSON envelope: Node sends every answer's head through writeHead
 * (write, end and flushHeaders call it too), so that is where a 404 page is recognised, and the
 * page's bytes (compressed or not) are then dropped for the envelope's.
 */
export function answerUnknownPathsInJson(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): void {
  const method = req.method ?? "GET";
  if (!callsAnApi(method, pathname, req.headers.accept)) return;
  let body: string | null = null;
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = res.write.bind(res);
  const end = res.end.bind(res);

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((arg) => arg && typeof arg === "object") as OutgoingHttpHeaders | undefined;
    const type = String(headers?.["content-type"] ?? headers?.["Content-Type"] ?? res.getHeader("content-type") ?? "");
    if (status !== 404 || !HTML.test(type)) return writeHead(status, ...rest);
    body = JSON.stringify(errorBody(notFound(method, pathname)));
    for (const name of res.getHeaderNames()) if (name !== "x-request-id" && name !== "x-content-type-options" && !name.startsWith("ratelimit")) res.removeHeader(name);
    return writeHead(404, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Length": Buffer.byteLength(body),
      "X-Request-Id": requestId,
    });
  }) as ServerResponse["writeHead"];

  const headOnce = () => {
    if (!res.headersSent) res.writeHead(res.statusCode);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    headOnce();
    if (body !== null) {
      const done = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      done?.();
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as ServerResponse["write"];
  res.end = ((...args: unknown[]) => {
    headOnce();
    if (body === null) return (end as (...a: unknown[]) => ServerResponse)(...args);
    const done = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    return end(method === "HEAD" ? undefined : body, done);
  }) as ServerResponse["end"];
}
