import type { IncomingMessage, ServerResponse } from "node:http";
import { routeIndex } from "@/app/v1/route-index";
import * as unknownRoute from "@/app/v1/[[...path]]/route";
import { JsonReply, type Reply } from "@/lib/http/envelope";
import type { IncomingRequest } from "@/lib/http/incoming";
import type { DefinedRoute } from "@/lib/http/route";
import { log } from "@/lib/log";
import { answerError } from "./answer";
import { BODY_METHODS, BodyAborted, BodyTooLarge, readBody } from "./body";
import { routeTree, type RouteHandler } from "./v1-routes";

const match = routeTree(routeIndex);
const EXPORTABLE = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/**
 * The pipeline's view of a Node request (lib/http/incoming.ts), no Request or Headers built. The
 * headers are read from `req.headers` as the edge left them (server/edge.ts rewrote the forwarding
 * headers and set the request id there), never from the raw ones the client sent.
 */
function incomingOf(req: IncomingMessage, method: string, url: URL, body: Buffer | undefined): IncomingRequest {
  const valueOf = (name: string) => req.headers[name.toLowerCase()];
  return {
    method,
    url: url.href,
    headers: {
      get: (name) => {
        const value = valueOf(name);
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
      has: (name) => valueOf(name) !== undefined,
    },
    // As Request.text(): UTF-8, a leading byte-order mark dropped, malformed bytes replaced.
    text: async () => (body?.length ? utf8.decode(body) : ""),
  };
}

const utf8 = new TextDecoder();

/** A Web Request of the same, for the handlers route() does not make (405s, the unknown path). */
function webRequest(req: IncomingMessage, method: string, url: URL, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return new Request(url, { method, headers, body: body?.length ? (body as Uint8Array<ArrayBuffer>) : undefined });
}

/** What Next.js answers for a method a route file does not export: OPTIONS lists what it does, the rest 405. */
function implicitAnswer(routeModule: Record<string, unknown>, method: string): Response {
  const exported = EXPORTABLE.filter((m) => typeof routeModule[m] === "function");
  if (method === "OPTIONS") {
    const allow = [...new Set([...exported, ...(exported.includes("GET") ? ["HEAD"] : []), "OPTIONS"])];
    return new Response(null, { status: 204, headers: { Allow: allow.sort().join(", ") } });
  }
  return new Response(null, { status: 405 });
}

/**
 * An event stream (server-sent events) is never whole: each chunk is written as the operation
 * yields it, and a client that goes away cancels the stream, which stops the operation's loop
 * (lib/http/file-response.ts hands the cancel to its iterator).
 */
async function stream(res: ServerResponse, answer: Response, headers: Record<string, string | string[]>, method: string): Promise<void> {
  const reader = answer.body!.getReader();
  res.writeHead(answer.status, headers);
  res.flushHeaders();
  if (method === "HEAD") {
    await reader.cancel();
    res.end();
    return;
  }
  const stop = () => void reader.cancel().catch(() => {});
  res.once("close", stop);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done || res.destroyed) break;
      res.write(value);
    }
    res.end();
  } catch (error) {
    log("warn", "event stream ended on an error", { error: error instanceof Error ? error.message : String(error) });
    res.destroy();
  } finally {
    res.off("close", stop);
  }
}

async function send(res: ServerResponse, answer: Reply, method: string): Promise<void> {
  if (answer instanceof JsonReply) {
    const body = Buffer.from(answer.text);
    res.writeHead(answer.status, { ...answer.headers, "content-length": String(body.length) });
    res.end(body);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  if (answer.body && answer.headers.get("content-type")?.startsWith("text/event-stream")) return stream(res, answer, headers, method);
  // Our answers are small JSON or an image: one write with its length beats a chunked stream.
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : null;
  if (body) headers["content-length"] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(body);
}

/**
 * Serves a /v1 request with the route file's own exported handler, as Next.js would call it,
 * without Next.js's router and renderer (docs/architecture.md, "The request path"): the route files stay the one
 * definition of each endpoint, and `next dev` serves the same handlers through Next.js.
 */
export async function dispatchV1(req: IncomingMessage, res: ServerResponse, url: URL, bodyLimit: number, requestId: string): Promise<void> {
  const method = req.method ?? "GET";
  const found = match(url.pathname);
  const routeModule = found?.module ?? (unknownRoute as Record<string, unknown>);
  const handler = (routeModule[method] ?? (method === "HEAD" ? routeModule.GET : undefined)) as RouteHandler | undefined;

  let body: Buffer | undefined;
  if (BODY_METHODS.has(method)) {
    try {
      body = await readBody(req, bodyLimit);
    } catch (error) {
      if (error instanceof BodyTooLarge) return answerError(res, "PAYLOAD_TOO_LARGE", { method, path: url.pathname, requestId }, true);
      if (error instanceof BodyAborted) return void res.destroy();
      throw error;
    }
  } else {
    req.resume();
  }

  const context = { params: Promise.resolve(found?.params ?? {}) };
  let response: Reply;
  try {
    if (!handler) response = implicitAnswer(routeModule, method);
    else if ("reply" in handler) response = await (handler as DefinedRoute).reply(incomingOf(req, method, url, body), context);
    else response = await handler(webRequest(req, method, url, body), context);
  } catch (error) {
    // route() turns every error into an answer; reaching here is a bug in a handler outside it.
    log("error", "unhandled error", { path: url.pathname, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    return answerError(res, "INTERNAL_ERROR", { method, path: url.pathname, requestId });
  }
  await send(res, response, method);
}
