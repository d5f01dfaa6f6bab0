import type { z } from "zod";
import type { Database } from "@/db/client";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { authenticateKey, type KeyIdentity } from "./auth";
import { errorBody, JsonReply, jsonReply, successBody, toWebResponse, type Reply } from "./envelope";
import type { IncomingRequest } from "./incoming";
import { ApiError, type ErrorCode } from "@/lib/core/errors";
import type { EntryTransaction } from "@/lib/core/operation";
import { completeIdempotencyKey, IDEMPOTENCY_MAX_LENGTH, releaseIdempotencyKey, requestFingerprint, reserveIdempotencyKey, sealAnswer, type IdempotencyScope } from "@/lib/idempotency/keys";
import { SealedWrite } from "@/lib/idempotency/sealed-write";
import { countRequest, inTransactionPolicy, openExchange, readJsonBody, readQuery, routeParams, serve, toReply, wrapsRequest, type Out, type RouteContext } from "./pipeline";
import { CREATION_LIMITS, hitRateLimits, peekRateLimit, rateLimitHeaders, refundRateLimit, tighterState, type LimitName, type RateLimitState } from "@/lib/rate-limit/limits";
import { recordApiRequest } from "@/lib/request-log/store";
import { parseInput, type InputSpec } from "@/lib/core/validation";
import { checkKeyPermission, type KeyResource } from "@/lib/platform/key-permissions";


export type KeyContext = DomainContext & { kind: "key"; keyId: string; request: IncomingRequest; requestId: string };
export type PublicContext = { kind: "public"; db: Database; request: IncomingRequest; requestId: string; clientIp: string };

/** "optional": public, but a request that sends an Authorization header is authenticated (and refused if the key is bad). */
type Auth = "key" | "none" | "optional";
type Ctx<A extends Auth> = A extends "key" ? KeyContext : A extends "optional" ? KeyContext | PublicContext : PublicContext;

export type RouteOptions<A extends Auth, B, Q> = {
  auth: A;
  /**
   * What a restricted key needs to call this route (lib/platform/key-permissions.ts): every
   * route a key can call names its resource; GET and HEAD read it, other methods write it.
   */
  resource?: A extends "none" ? never : KeyResource;
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
  /**
   * The handler answers a SealedWrite (lib/idempotency/sealed-write.ts) and writes nothing before
   * its `write`: a keyed request is then served by one statement that writes the resource and
   * stores its answer, the general path (reserve, work, store) taking over when the key is taken.
   */
  sealed?: boolean;
  body?: B;
  query?: Q;
  status?: number;
  /** Checks run after auth and before the body is read (e.g. a per-merchant feature switch). */
  guard?: (ctx: Ctx<A>) => Promise<void> | void;
  /** What the OpenAPI document says of this route, beside what the options above already tell it. */
  doc?: RouteDoc;
  /** false: the request log does not keep this route's requests (its own reader: a tail polling it would list itself). */
  requestLog?: false;
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
  /**
   * A path parameter's documented name and meaning, where its folder's name says something else
   * (Next.js gives sibling routes one name per level: `[slug]/activate` takes an id).
   */
  pathParams?: Record<string, { name?: string; description: string }>;
};

/**
 * A route handler carrying its own definition, so the OpenAPI document is generated from what
 * actually runs, and its answer before it becomes a Response (`reply`), which the direct
 * dispatcher writes to the socket itself (server/v1-dispatch.ts).
 */
export type DefinedRoute = ((request: IncomingRequest, context?: RouteContext) => Promise<Response>) & {
  definition: RouteOptions<Auth, InputSpec | undefined, InputSpec | undefined>;
  reply: (request: IncomingRequest, context?: RouteContext) => Promise<Reply>;
};

export type Handler<A extends Auth, B, Q> = (
  ctx: Ctx<A>,
  input: { body: Out<B>; query: Out<Q>; params: Record<string, string> },
) => Promise<unknown>;

/**
 * A request refused for its missing idempotency key whose body is wrong too is told both at once
 * (a client fixing one would otherwise meet the other on its next try): the key's code, a message
 * naming both, and each problem with its field under `details`.
 */
async function withBodyProblem(missingKey: ApiError, request: IncomingRequest, spec: InputSpec | undefined): Promise<ApiError> {
  if (!spec) return missingKey;
  const problem = await readJsonBody(request)
    .then((raw) => void parseInput(spec, raw))
    .then(
      () => null,
      (error: unknown) => (error instanceof ApiError ? error : null),
    );
  if (!problem) return missingKey;
  const field = problem.param ? ` (${problem.param})` : "";
  return new ApiError("IDEMPOTENCY_KEY_REQUIRED", `${missingKey.message} The body is also refused${field}: ${problem.code}: ${problem.message}`, { details: [missingKey, problem] });
}

function pick(body: unknown, fields?: string[]): unknown {
  if (!fields || !body || typeof body !== "object") return body;
  return Object.fromEntries(fields.map((f) => [f, (body as Record<string, unknown>)[f]]));
}

/**
 * The one wrapper every /v1 route goes through (docs/architecture.md, "The request path"):
 * key → merchant, application, mode and live gates; rate limit; JSON and zod validation;
 * idempotency; the domain function in one transaction (unless it declares its own,
 * lib/core/operation.ts); the envelope; errors from the catalogue;
 * anything unexpected becomes a 500 (or a 503 when the database is unreachable) that leaks nothing.
 */
export function route<A extends Auth, B extends InputSpec | undefined = undefined, Q extends InputSpec | undefined = undefined>(
  options: RouteOptions<A, B, Q>,
  handler: Handler<A, B, Q>,
): DefinedRoute {
  const reply = (request: IncomingRequest, context?: RouteContext): Promise<Reply> => {
    const url = new URL(request.url);
    const exchange = openExchange(request, url);
    let identity: KeyIdentity | null = null;
    // The specific limit this request was counted against (a creation refused, by this limit or as invalid, hands its hit back).
    let limitedAs: LimitName | undefined;
    // The route's limit when it waits for the idempotency key (below), and the default limit's state.
    let deferredLimit: LimitName | undefined;
    let rate: RateLimitState | undefined;
    // What the request log keeps of this exchange (masked when written): the JSON sent and answered.
    let requestBody: unknown;
    let responseBody: unknown;

    const work = async (): Promise<Reply> => {
      const params = await routeParams(context);
      if (options.auth === "key" || (options.auth === "optional" && request.headers.has("authorization"))) {
        identity = await authenticateKey(exchange.db, request);
        exchange.subject = `key:${identity.key.id}`;
      }
      if (options.testOnly && identity?.mode === "live") throw new ApiError("TEST_MODE_ONLY");

      const idemKey = request.headers.get("x-idempotency-key");
      const keyed = Boolean(options.idempotency && identity && idemKey !== null && idemKey.trim() !== "" && idemKey.length <= IDEMPOTENCY_MAX_LENGTH);
      // A keyed request takes the route's limit only once its key is newly reserved (below): the
      // stored answer of a replay is never refused with 429 because other requests were created.
      deferredLimit = keyed ? options.limit : undefined;
      const limits: LimitName[] = options.limit && !deferredLimit ? ["default", options.limit] : ["default"];
      // Set before counting: a creation refused by its own limit (429) hands its hit back too.
      if (limits.length > 1) limitedAs = options.limit;
      rate = await countRequest(exchange, limits);
      // Counted first: a restricted key refused here still spends its requests, as any other refusal.
      if (identity && options.resource) checkKeyPermission(identity.key.permissions, options.resource, request.method);

      const known = identity as KeyIdentity | null;
      const base = known
        ? ({
            kind: "key",
            db: exchange.db,
            merchant: known.merchant,
            application: known.application,
            mode: known.mode,
            now: merchantNow(known.merchant, known.mode),
            source: "api",
            keyId: known.key.id,
            request,
            requestId: exchange.requestId,
          } satisfies KeyContext)
        : ({ kind: "public", db: exchange.db, request, requestId: exchange.requestId, clientIp: exchange.clientIp } satisfies PublicContext);
      const ctx = base as Ctx<A>;
      await options.guard?.(ctx);

      let idemScope: IdempotencyScope | null = null;
      if (options.idempotency && known) {
        if (idemKey === null || idemKey.trim() === "") {
          if (options.idempotency === "required") throw await withBodyProblem(new ApiError("IDEMPOTENCY_KEY_REQUIRED"), request, options.body);
        } else if (idemKey.length > IDEMPOTENCY_MAX_LENGTH) {
          throw new ApiError("IDEMPOTENCY_KEY_TOO_LONG");
        } else {
          idemScope = { applicationId: known.application.id, mode: known.mode, key: idemKey };
        }
      }

      const rawBody = options.body ? await readJsonBody(request) : undefined;
      requestBody = rawBody;
      const body = (options.body ? parseInput(options.body, rawBody) : undefined) as Out<B>;
      const query = readQuery(options.query as Q, request, url);
      const { headers } = exchange;

      const runHandler = async (dbForRun: Database, after?: (status: number, body: unknown) => Promise<void>) => {
        const runCtx = { ...ctx, db: dbForRun } as Ctx<A>;
        let result = await handler(runCtx, { body, query, params });
        if (result instanceof SealedWrite) {
          await result.write();
          result = result.data;
        }
        const out = toReply(result, options.status ?? 200, headers);
        responseBody = out.body;
        if (after) await after(out.status, out.body);
        return out;
      };

      if (!idemScope) return (await inTransactionPolicy(exchange, options, (dbForRun) => runHandler(dbForRun))).reply;

      const scope = idemScope;
      const fingerprint = requestFingerprint(request.method, url.pathname, pick(rawBody, options.idempotencyFields));
      const now = (ctx as KeyContext).now;
      const conflictCode = options.conflictCode ?? "IDEMPOTENCY_CONFLICT";
      const replay = async (stored: { status: number; body: unknown }) => {
        responseBody = stored.body;
        if (deferredLimit) Object.assign(headers, rateLimitHeaders(tighterState(rate ?? null, await peekRateLimit(exchange.subject, deferredLimit))));
        return jsonReply(stored.body, stored.status, { ...headers, "Idempotent-Replayed": "true" });
      };
      const takeRouteLimit = async () => {
        if (!deferredLimit) return;
        const hit = await hitRateLimits(exchange.subject, [deferredLimit]);
        limitedAs = deferredLimit;
        Object.assign(headers, rateLimitHeaders(tighterState(rate ?? null, hit)));
        if (hit.exceeded) {
          exchange.refusedBy = hit;
          throw new ApiError("RATE_LIMIT_EXCEEDED");
        }
      };

      /**
       * The keyed creation in one statement (docs/performance.md): the route's limit is taken
       * first, and handed back if the key turns out taken, so the general path below counts
       * (or not) as it always does; null sends the request there.
       */
      const sealedAttempt = async (): Promise<Reply | null> => {
        const routeHit = deferredLimit ? await hitRateLimits(exchange.subject, [deferredLimit]) : null;
        const handBack = async () => {
          if (deferredLimit) await refundRateLimit(exchange.subject, deferredLimit);
          return null;
        };
        if (routeHit?.exceeded) return handBack();
        if (routeHit) {
          limitedAs = deferredLimit;
          Object.assign(headers, rateLimitHeaders(tighterState(rate ?? null, routeHit)));
        }
        let result: unknown;
        try {
          result = await handler(ctx, { body, query, params });
        } catch (error) {
          // Judged before the key is known: a replay must get its stored answer, not today's refusal
          // (a setting changed since), so the general path, which looks at the key first, decides.
          if (!(error instanceof ApiError)) throw error;
          limitedAs = undefined;
          return handBack();
        }
        if (!(result instanceof SealedWrite)) throw new Error("a sealed route's handler must answer a SealedWrite");
        const status = options.status ?? 200;
        const sent = successBody(result.data);
        const text = JSON.stringify(sent);
        if (!(await result.write(sealAnswer(scope, fingerprint, now, status, text)))) {
          limitedAs = undefined;
          return handBack();
        }
        responseBody = sent;
        return new JsonReply(status, text, headers);
      };

      if (options.sealed && wrapsRequest(request, options)) {
        const sealed = await sealedAttempt();
        if (sealed) return sealed;
      }

      if (wrapsRequest(request, options)) {
        // One transaction reserves the key, does the work and stores its answer: one commit, and
        // a failure rolls the reservation back with the work. A concurrent request with the same
        // key waits on the key's unique index until this one ends (lib/idempotency/keys.ts).
        const outcome = await exchange.db.transaction(async (tx) => {
          const txDb = tx as unknown as Database;
          const reservation = await reserveIdempotencyKey(txDb, scope, fingerprint, now, conflictCode);
          if (reservation.kind === "replay") return reservation;
          await takeRouteLimit();
          return runHandler(txDb, (s, b) => completeIdempotencyKey(txDb, scope, reservation.owner, s, b));
        });
        return "kind" in outcome ? replay(outcome) : outcome.reply;
      }

      const reservation = await reserveIdempotencyKey(exchange.db, scope, fingerprint, now, conflictCode);
      if (reservation.kind === "replay") return replay(reservation);
      try {
        await takeRouteLimit();
        return (await runHandler(exchange.db, (s, b) => completeIdempotencyKey(exchange.db, scope, reservation.owner, s, b))).reply;
      } catch (error) {
        await releaseIdempotencyKey(exchange.db, scope, reservation.owner).catch(() => {});
        throw error;
      }
    };

    return serve(exchange, work, {
      refused: async (error) => {
        responseBody = errorBody(error);
        if (deferredLimit && !limitedAs && rate && !rate.exceeded && error.status < 500) {
          // Refused before its key was reserved (a conflict, an invalid body): the route's limit, untouched, is reported too.
          const routeLimit = await peekRateLimit(exchange.subject, deferredLimit).catch(() => null);
          if (routeLimit) Object.assign(exchange.headers, rateLimitHeaders(tighterState(rate, routeLimit)));
        }
        if (limitedAs && CREATION_LIMITS.has(limitedAs) && error.status >= 400 && error.status < 500) {
          await refundRateLimit(exchange.subject, limitedAs).catch(() => {});
        }
      },
      finished: (status, durationMs) => {
        // Set inside work(), which TypeScript does not follow.
        const known = identity as KeyIdentity | null;
        if (!known || options.requestLog === false) return;
        recordApiRequest({
          merchantId: known.merchant.id,
          applicationId: known.application.id,
          mode: known.mode,
          method: request.method,
          path: url.pathname,
          status,
          durationMs,
          requestId: exchange.requestId,
          createdAt: new Date(),
          requestBody,
          responseBody,
        });
      },
    });
  };
  const run = async (request: IncomingRequest, context?: RouteContext): Promise<Response> => toWebResponse(await reply(request, context));
  return Object.assign(run, { definition: options as DefinedRoute["definition"], reply });
}
