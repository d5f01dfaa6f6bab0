import type { z } from "zod";
import { db as defaultDb, type Database } from "@/db/client";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { log, logRequest } from "@/lib/log";
import { recordApiRequest } from "./request-log";
import { clientIpOf } from "./client-ip";
import { requestIdOf } from "./request-id";
import { authenticateKey, type KeyIdentity } from "./auth";
import { withDatabaseDeadline } from "@/db/availability";
import { isDatabaseUnavailable, isUnstorableText } from "./db-errors";
import { errorResponse, json, Reply, successBody } from "./envelope";
import { ApiError, type ErrorCode } from "./errors";
import { wrapsHandler, type EntryTransaction } from "./operation";
import { completeIdempotencyKey, IDEMPOTENCY_MAX_LENGTH, releaseIdempotencyKey, requestFingerprint, reserveIdempotencyKey, type IdempotencyScope } from "./idempotency";
import { CREATION_LIMITS, hitRateLimits, holdPersistentClient, peekRateLimit, rateLimitHeaders, refundRateLimit, tighterState, type LimitName, type RateLimitState } from "./rate-limit";
import { parseInput, rejectNulInPath, type InputSpec } from "./validation";

type Params = Record<string, string | string[]>;

export type KeyContext = DomainContext & { kind: "key"; keyId: string; request: Request; requestId: string };
export type PublicContext = { kind: "public"; db: Database; request: Request; requestId: string; clientIp: string };

/** "optional": public, but a request that sends an Authorization header is authenticated (and refused if the key is bad). */
type Auth = "key" | "none" | "optional";
type Ctx<A extends Auth> = A extends "key" ? KeyContext : A extends "optional" ? KeyContext | PublicContext : PublicContext;
type Out<S> = S extends InputSpec<infer Z> ? z.output<Z> : undefined;

export type RouteOptions<A extends Auth, B, Q> = {
  auth: A;
  /** A route for test keys only (sandbox tools): a live key is refused with TEST_MODE_ONLY. */
  testOnly?: boolean;
  /**
   * A specific limit counted on top of the default 100/minute. With an idempotency key it counts
   * only a request that newly reserved its key: a replay or a conflict counts against the default alone.
   */
  limit?: LimitName;
  idempotency?: "required" | "optional";
  /** The 409 code for a key reused with a different request. */
  conflictCode?: ErrorCode;
  /** Which body fields define "the same request" for idempotency (default: the whole body). */
  idempotencyFields?: string[];
  body?: B;
  query?: Q;
  status?: number;
  /** Checks run after auth and before the body is read (e.g. a per-merchant feature switch). */
  guard?: (ctx: Ctx<A>) => Promise<void> | void;
  /** What the OpenAPI document says of this route, beside what the options above already tell it. */
  doc?: RouteDoc;
} & EntryTransaction;

export type RouteDoc = {
  summary: string;
  description?: string;
  tags?: string[];
  /** The zod schema of `data` in the success body. */
  response?: z.ZodType;
  /** Top-level fields beside `data` (e.g. `message`, `pagination`). */
  responseExtra?: Record<string, z.ZodType>;
  /** Codes this route can answer beyond those its options imply (auth, limits, validation, idempotency). */
  errors?: ErrorCode[];
  /** Content types beside JSON (images); the JSON one, if listed, is the usual envelope around `response`. */
  produces?: string[];
  /** The JSON answer is `response` itself, not the envelope (the OpenAPI document). */
  unwrapped?: boolean;
};

/** A route handler carrying its own definition, so the OpenAPI document is generated from what actually runs. */
export type DefinedRoute = ((request: Request, context?: { params?: Promise<Params> }) => Promise<Response>) & {
  definition: RouteOptions<Auth, InputSpec | undefined, InputSpec | undefined>;
};

export type Handler<A extends Auth, B, Q> = (
  ctx: Ctx<A>,
  input: { body: Out<B>; query: Out<Q>; params: Record<string, string> },
) => Promise<unknown>;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw new ApiError("UNSUPPORTED_CONTENT_TYPE");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ApiError("INVALID_BODY");
  return parsed;
}

function pick(body: unknown, fields?: string[]): unknown {
  if (!fields || !body || typeof body !== "object") return body;
  return Object.fromEntries(fields.map((f) => [f, (body as Record<string, unknown>)[f]]));
}

function toResponse(result: unknown, defaultStatus: number, headers: Record<string, string>): { response: Response; status: number; body: unknown } {
  if (result instanceof Response) {
    // Some Responses (redirects) have immutable headers; they go out as they are.
    try {
      for (const [k, v] of Object.entries(headers)) result.headers.set(k, v);
    } catch {}
    return { response: result, status: result.status, body: undefined };
  }
  const r = result instanceof Reply ? result : new Reply(result);
  const status = r.init.status ?? defaultStatus;
  const body = successBody(r.data, r.init.extra);
  return { response: json(body, status, { ...headers, ...r.init.headers }), status, body };
}

/**
 * The one wrapper every /v1 route goes through (DESIGN.md, "A /v1 request, end to end"):
 * key → merchant, application, mode and live gates; rate limit; JSON and zod validation;
 * idempotency; the domain function in one transaction (unless it declares its own,
 * lib/http/operation.ts); the envelope; errors from the catalogue;
 * anything unexpected becomes a 500 (or a 503 when the database is unreachable) that leaks nothing.
 */
export function route<A extends Auth, B extends InputSpec | undefined = undefined, Q extends InputSpec | undefined = undefined>(
  options: RouteOptions<A, B, Q>,
  handler: Handler<A, B, Q>,
): DefinedRoute {
  const run = async (request: Request, context?: { params?: Promise<Params> }): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    const database = defaultDb();
    let status = 500;
    let identity: KeyIdentity | null = null;
    // The specific limit this request was counted against (a creation refused, by this limit or as invalid, hands its hit back).
    let limitedAs: LimitName | undefined;
    // The route's limit when it waits for the idempotency key (below), and the default limit's state.
    let deferredLimit: LimitName | undefined;
    let rate: RateLimitState | undefined;
    // The state that refused this request with 429, if one did.
    let refusedBy: RateLimitState | undefined;
    const limitSubject = () => (identity ? `key:${identity.key.id}` : `ip:${clientIpOf(request.headers)}`);
    try {
      // A frozen or unreachable database answers 503 within seconds instead of holding the request (db/availability.ts).
      return await withDatabaseDeadline(async () => {
        const rawParams = (await context?.params) ?? {};
        const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));

        if (options.auth === "key" || (options.auth === "optional" && request.headers.has("authorization"))) identity = await authenticateKey(database, request);
        if (options.testOnly && identity?.mode === "live") throw new ApiError("TEST_MODE_ONLY");

        const idemKey = request.headers.get("x-idempotency-key");
        const keyed = Boolean(options.idempotency && identity && idemKey !== null && idemKey.trim() !== "" && idemKey.length <= IDEMPOTENCY_MAX_LENGTH);
        // A keyed request takes the route's limit only once its key is newly reserved (below): the
        // stored answer of a replay is never refused with 429 because other requests were created.
        deferredLimit = keyed ? options.limit : undefined;
        const limits: LimitName[] = options.limit && !deferredLimit ? ["default", options.limit] : ["default"];
        rate = await hitRateLimits(limitSubject(), limits);
        if (limits.length > 1) limitedAs = options.limit;
        Object.assign(headers, rateLimitHeaders(rate));
        if (rate.exceeded) {
          refusedBy = rate;
          throw new ApiError("RATE_LIMIT_EXCEEDED");
        }

        const base = identity
          ? ({
              kind: "key",
              db: database,
              merchant: identity.merchant,
              application: identity.application,
              mode: identity.mode,
              now: merchantNow(identity.merchant, identity.mode),
              source: "api",
              keyId: identity.key.id,
              request,
              requestId,
            } satisfies KeyContext)
          : ({ kind: "public", db: database, request, requestId, clientIp: clientIpOf(request.headers) } satisfies PublicContext);
        const ctx = base as Ctx<A>;
        await options.guard?.(ctx);
        rejectNulInPath(params);

        let idemScope: IdempotencyScope | null = null;
        if (options.idempotency && identity) {
          if (idemKey === null || idemKey.trim() === "") {
            if (options.idempotency === "required") throw new ApiError("IDEMPOTENCY_KEY_REQUIRED");
          } else if (idemKey.length > IDEMPOTENCY_MAX_LENGTH) {
            throw new ApiError("IDEMPOTENCY_KEY_TOO_LONG");
          } else {
            idemScope = { applicationId: identity.application.id, mode: identity.mode, key: idemKey };
          }
        }

        const rawBody = options.body ? await readJsonBody(request) : undefined;
        const body = (options.body ? parseInput(options.body, rawBody) : undefined) as Out<B>;
        const url = new URL(request.url);
        const query = (options.query ? parseInput(options.query, Object.fromEntries(url.searchParams)) : undefined) as Out<Q>;

        const useTx = MUTATING.has(request.method) && wrapsHandler(options);
        const runHandler = async (dbForRun: Database, after?: (status: number, body: unknown) => Promise<void>) => {
          const runCtx = { ...ctx, db: dbForRun } as Ctx<A>;
          const out = toResponse(await handler(runCtx, { body, query, params }), options.status ?? 200, headers);
          if (after) await after(out.status, out.body);
          return out;
        };
        const execute = (after?: (status: number, body: unknown) => Promise<void>) =>
          useTx ? database.transaction((tx) => runHandler(tx as unknown as Database, after && ((s, b) => after(s, b)))) : runHandler(database, after);

        if (!idemScope) {
          const out = await execute();
          status = out.status;
          return out.response;
        }

        const scope = idemScope;
        const fingerprint = requestFingerprint(request.method, url.pathname, pick(rawBody, options.idempotencyFields));
        const now = (ctx as KeyContext).now;
        const conflictCode = options.conflictCode ?? "IDEMPOTENCY_CONFLICT";
        const replay = async (stored: { status: number; body: unknown }) => {
          if (deferredLimit) Object.assign(headers, rateLimitHeaders(tighterState(rate ?? null, await peekRateLimit(limitSubject(), deferredLimit))));
          status = stored.status;
          return json(stored.body, stored.status, { ...headers, "Idempotent-Replayed": "true" });
        };
        const takeRouteLimit = async () => {
          if (!deferredLimit) return;
          const hit = await hitRateLimits(limitSubject(), [deferredLimit]);
          limitedAs = deferredLimit;
          Object.assign(headers, rateLimitHeaders(tighterState(rate ?? null, hit)));
          if (hit.exceeded) {
            refusedBy = hit;
            throw new ApiError("RATE_LIMIT_EXCEEDED");
          }
        };

        if (useTx) {
          // One transaction reserves the key, does the work and stores its answer: one commit, and
          // a failure rolls the reservation back with the work. A concurrent request with the same
          // key waits on the key's unique index until this one ends (lib/http/idempotency.ts).
          const outcome = await database.transaction(async (tx) => {
            const txDb = tx as unknown as Database;
            const reservation = await reserveIdempotencyKey(txDb, scope, fingerprint, now, conflictCode);
            if (reservation.kind === "replay") return reservation;
            await takeRouteLimit();
            return runHandler(txDb, (s, b) => completeIdempotencyKey(txDb, scope, reservation.owner, s, b));
          });
          if ("kind" in outcome) return replay(outcome);
          status = outcome.status;
          return outcome.response;
        }

        const reservation = await reserveIdempotencyKey(database, scope, fingerprint, now, conflictCode);
        if (reservation.kind === "replay") return replay(reservation);
        try {
          await takeRouteLimit();
          const out = await execute((s, b) => completeIdempotencyKey(database, scope, reservation.owner, s, b));
          status = out.status;
          return out.response;
        } catch (error) {
          await releaseIdempotencyKey(database, scope, reservation.owner).catch(() => {});
          throw error;
        }
      });
    } catch (error) {
      let apiError = toApiError(error, requestId);
      if (!("RateLimit-Limit" in headers) && apiError.status < 500) {
        // Refused before the limiter ran (a bad key, a live gate): these answers carry its headers
        // too, and count per client, so guessing keys is throttled like any other traffic.
        const counted = await hitRateLimits(limitSubject(), ["default"]).catch(() => null);
        if (counted) {
          Object.assign(headers, rateLimitHeaders(counted));
          if (counted.exceeded) {
            refusedBy = counted;
            apiError = new ApiError("RATE_LIMIT_EXCEEDED");
          }
        }
      }
      if (deferredLimit && !limitedAs && rate && !rate.exceeded && apiError.status < 500) {
        // Refused before its key was reserved (a conflict, an invalid body): the route's limit, untouched, is reported too.
        const routeLimit = await peekRateLimit(limitSubject(), deferredLimit).catch(() => null);
        if (routeLimit) Object.assign(headers, rateLimitHeaders(tighterState(rate, routeLimit)));
      }
      status = apiError.status;
      if (limitedAs && CREATION_LIMITS.has(limitedAs) && status >= 400 && status < 500) {
        await refundRateLimit(limitSubject(), limitedAs).catch(() => {});
      }
      if (apiError.code === "RATE_LIMIT_EXCEEDED") await holdPersistentClient(refusedBy);
      return errorResponse(apiError, headers);
    } finally {
      const path = new URL(request.url).pathname;
      const durationMs = Math.round(performance.now() - started);
      logRequest(requestId, request, status, durationMs);
      // Set inside the deadline's closure, which TypeScript does not follow.
      const known = identity as KeyIdentity | null;
      if (known) {
        recordApiRequest({
          merchantId: known.merchant.id,
          applicationId: known.application.id,
          mode: known.mode,
          method: request.method,
          path,
          status,
          durationMs,
          requestId,
          createdAt: new Date(),
        });
      }
    }
  };
  return Object.assign(run, { definition: options as DefinedRoute["definition"] });
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
