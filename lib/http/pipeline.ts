import type { z } from "zod";
import { withDatabaseDeadline } from "@/db/availability";
import { db as defaultDb, type Database } from "@/db/client";
import { log, logRequest } from "@/lib/log";
import { clientIpOf } from "./client-ip";
import { isDatabaseUnavailable, isUnstorableText } from "./db-errors";
import { Answer, errorReply, jsonReply, successBody, toWebResponse, type Reply } from "./envelope";
import type { IncomingRequest } from "./incoming";
import { cacheHeaders, fileResponse } from "./file-response";
import { ApiError } from "@/lib/core/errors";
import { CacheableData, FileResult } from "@/lib/core/file-result";
import { wrapsHandler, type EntryTransaction } from "@/lib/core/operation";
import { hitRateLimits, holdPersistentClient, rateLimitHeaders, type LimitName, type RateLimitState } from "@/lib/rate-limit/limits";
import { requestIdFrom } from "./request-id";
import { parseInput, rejectNulInPath, type InputSpec } from "@/lib/core/validation";

/**
 * The one request pipeline. Every entry point goes through it: /v1 (route(), lib/http/route.ts),
 * the dashboard and the ops console (accountRoute(), lib/http/account-route.ts) and the public pages'
 * server actions (runAction(), lib/http/action.ts). They differ only in how the caller is
 * authenticated; the request id, the database deadline, the limiter and its headers, JSON and zod
 * validation, the transaction policy, the envelope, the error mapping and the log line are these.
 *
 * Words: an *exchange* is one request (or server action) on its way through here; its *answer*
 * is what goes back — a Response, or a server action's value. A handler returns its data, or an
 * Answer (./envelope.ts) when the answer needs a status, headers or fields beside the data; an
 * ApiError thrown anywhere becomes the error answer (AnswerForm.ofError). runExchange() runs the
 * work and answers; settlePayment (lib/payments/settle.ts) is the payments' word, not this one.
 */

export type Params = Record<string, string | string[]>;
export type RouteContext = { params?: Promise<Params> };
export type Out<S> = S extends InputSpec<infer Z> ? z.output<Z> : undefined;

/** One request (or server action) on its way through the pipeline. */
export type Exchange = {
  /** What its log line names: the HTTP method and path, or ACTION and the action's name. */
  readonly method: string;
  readonly path: string;
  readonly requestId: string;
  readonly db: Database;
  readonly clientIp: string;
  /** What every answer carries: the request id, then the limiter's state once it has counted. */
  readonly headers: Record<string, string>;
  /** Whom the limiter counts: the client's address until authentication names the caller. */
  subject: string;
  /** The limiter state that refused this request with 429, if one did. */
  refusedBy?: RateLimitState;
};

export function openExchange(request: IncomingRequest, url = new URL(request.url)): Exchange {
  return exchangeFor(request.method, url.pathname, request.headers);
}

export function exchangeFor(method: string, path: string, headers: Pick<Headers, "get">): Exchange {
  const requestId = requestIdFrom(headers.get("x-request-id"));
  const clientIp = clientIpOf(headers);
  return { method, path, requestId, db: defaultDb(), clientIp, headers: { "X-Request-Id": requestId }, subject: `ip:${clientIp}` };
}

/** What an entry point adds around the shared steps. */
export type Hooks = {
  /** Runs on every error answer, after the error is known and before it is sent (limit bookkeeping). */
  refused?: (error: ApiError) => Promise<void>;
  /** Runs once the answer is decided (per-merchant request log). */
  finished?: (status: number, durationMs: number) => void;
};

/**
 * Runs `work` for one request: a frozen or unreachable database answers 503 within seconds
 * instead of holding it (db/availability.ts); an error becomes the catalogue's envelope, and
 * anything unexpected a 500 that leaks nothing; every answer is logged once.
 */
export const serve = (exchange: Exchange, work: () => Promise<Reply>, hooks: Hooks = {}): Promise<Reply> =>
  runExchange(exchange, work, { statusOf: (reply) => reply.status, ofError: (error) => errorReply(error, exchange.headers) }, hooks);

/** serve() for an entry point Next.js calls: the answer as a Response. */
export const serveResponse = async (exchange: Exchange, work: () => Promise<Reply>, hooks: Hooks = {}): Promise<Response> => toWebResponse(await serve(exchange, work, hooks));

/** The form of an entry point's answer: an HTTP Response, or a server action's value; `ofError` is the answer to an error. */
export type AnswerForm<T> = { statusOf: (answer: T) => number; ofError: (error: ApiError) => T };

/** Runs an exchange's work and turns its outcome (a result, or an error) into the answer, logged once. */
export async function runExchange<T>(exchange: Exchange, work: () => Promise<T>, form: AnswerForm<T>, hooks: Hooks = {}): Promise<T> {
  const started = performance.now();
  let status = 500;
  try {
    const result = await withDatabaseDeadline(work);
    status = form.statusOf(result);
    return result;
  } catch (error) {
    const failure = await countRefused(exchange, toApiError(error, exchange.requestId));
    await hooks.refused?.(failure);
    status = failure.status;
    if (failure.code === "RATE_LIMIT_EXCEEDED") await holdPersistentClient(exchange.refusedBy);
    return form.ofError(failure);
  } finally {
    const durationMs = performance.now() - started;
    logRequest(exchange, status, durationMs);
    hooks.finished?.(status, Math.round(durationMs));
  }
}

/**
 * A request refused before the limiter ran (a bad key, no session, a live gate) still counts
 * against its caller and carries the limiter's headers, so guessing keys or sessions is
 * throttled like any other traffic.
 */
async function countRefused(exchange: Exchange, error: ApiError): Promise<ApiError> {
  if ("RateLimit-Limit" in exchange.headers || error.status >= 500) return error;
  const counted = await hitRateLimits(exchange.subject, ["default"]).catch(() => null);
  if (!counted) return error;
  Object.assign(exchange.headers, rateLimitHeaders(counted));
  if (!counted.exceeded) return error;
  exchange.refusedBy = counted;
  return new ApiError("RATE_LIMIT_EXCEEDED");
}

/** Counts the request against `limits` for the exchange's subject; over any of them it is refused with 429. */
export async function countRequest(exchange: Exchange, limits: LimitName[]): Promise<RateLimitState> {
  const state = await hitRateLimits(exchange.subject, limits);
  Object.assign(exchange.headers, rateLimitHeaders(state));
  if (state.exceeded) {
    exchange.refusedBy = state;
    throw new ApiError("RATE_LIMIT_EXCEEDED");
  }
  return state;
}

/** Path parameters as strings (a catch-all's segments joined), refused if one holds a NUL. */
export async function routeParams(context?: RouteContext): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {};
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
  rejectNulInPath(params);
  return params;
}

/** The JSON object a request carries; an empty body is `{}`. */
export async function readJsonBody(request: IncomingRequest): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(request.headers.get("content-type") ?? "")) throw new ApiError("UNSUPPORTED_CONTENT_TYPE");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ApiError("INVALID_BODY");
  return parsed as Record<string, unknown>;
}

/** The query string validated against its schema (repeated parameters: the last one). */
export const readQuery = <Q extends InputSpec | undefined>(spec: Q, request: IncomingRequest, url = new URL(request.url)): Out<Q> =>
  (spec ? parseInput(spec, Object.fromEntries(url.searchParams)) : undefined) as Out<Q>;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Runs the handler where its transaction policy says (lib/core/operation.ts): a mutating request
 * in one transaction, unless the operation it runs commits its own.
 */
export function inTransactionPolicy<T>(exchange: Exchange, entry: EntryTransaction, run: (db: Database) => Promise<T>): Promise<T> {
  if (!MUTATING.has(exchange.method) || !wrapsHandler(entry)) return run(exchange.db);
  return exchange.db.transaction((tx) => run(tx as unknown as Database));
}

export const wrapsRequest = (request: IncomingRequest, entry: EntryTransaction): boolean => MUTATING.has(request.method) && wrapsHandler(entry);

/** A handler's result as the answer (an Answer when it sets status, headers or fields): a Response as it is, anything else in the success envelope. */
export function toReply(result: unknown, defaultStatus: number, headers: Record<string, string>): { reply: Reply; status: number; body: unknown } {
  if (result instanceof Response) {
    // Some Responses (redirects) have immutable headers; they go out as they are.
    try {
      for (const [k, v] of Object.entries(headers)) result.headers.set(k, v);
    } catch {}
    return { reply: result, status: result.status, body: undefined };
  }
  if (result instanceof FileResult) return { reply: fileResponse(result, headers), status: result.notModified ? 304 : 200, body: undefined };
  if (result instanceof CacheableData) {
    const cached = { ...headers, ...cacheHeaders({ scope: "public", maxAgeSeconds: result.cache.maxAgeSeconds }, result.cache.etag) };
    if (result.notModified) return { reply: new Response(null, { status: 304, headers: cached }), status: 304, body: undefined };
    const body = successBody(result.data);
    return { reply: jsonReply(body, 200, cached), status: 200, body };
  }
  const r = result instanceof Answer ? result : new Answer(result);
  const status = r.init.status ?? defaultStatus;
  const body = successBody(r.data, r.init.extra);
  return { reply: jsonReply(body, status, { ...headers, ...r.init.headers }), status, body };
}

/** toReply's answer as a Response (the entry points Next.js calls). */
export function toResponse(result: unknown, defaultStatus: number, headers: Record<string, string>): { response: Response; status: number; body: unknown } {
  const { reply, status, body } = toReply(result, defaultStatus, headers);
  return { response: toWebResponse(reply), status, body };
}

export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) {
    log("warn", "database unavailable", { request_id: requestId });
    return new ApiError("SERVICE_UNAVAILABLE", undefined, { headers: { "Retry-After": "2" } });
  }
  if (isUnstorableText(error)) return new ApiError("INVALID_FIELD", "A text value contains a character that cannot be stored (such as a NUL, \\u0000). Remove it and retry.");
  log("error", "unhandled error", { request_id: requestId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), stack: error instanceof Error ? error.stack : undefined });
  return new ApiError("INTERNAL_ERROR");
}
