import { randomUUID } from "node:crypto";
import { clientIpOf } from "@/lib/http/client-ip";
import type { z } from "zod";
import { withDatabaseDeadline } from "@/db/availability";
import { db as defaultDb, type Database } from "@/db/client";
import type { User } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { errorResponse, json, successBody } from "@/lib/http/envelope";
import { ApiError } from "@/lib/http/errors";
import { wrapsHandler, type EntryTransaction } from "@/lib/http/operation";
import { hitRateLimits, holdPersistentClient, rateLimitHeaders, type LimitName } from "@/lib/http/rate-limit";
import { toApiError } from "@/lib/http/route";
import { parseInput, rejectNulInPath, type InputSpec } from "@/lib/http/validation";
import { logRequest } from "@/lib/log";
import { getMerchant } from "@/lib/platform/merchants";
import { isSameOriginRequest } from "./csrf";
import { dashboardContext } from "./dashboard-context";
import { applicationOfRequest } from "./application-choice";
import { modeOfRequest } from "./mode";
import { sessionFromRequest } from "./session-token";
import { getUser } from "./users";

type Params = Record<string, string | string[]>;
type Out<S> = S extends InputSpec<infer Z> ? z.output<Z> : undefined;

/** A dashboard handler's context: the /v1 DomainContext (source "dashboard") plus who is signed in. */
export type DashboardCtx = DomainContext & { user: User; request: Request };
/** An ops-console handler's context: the staff member acting (written to the audit log). */
export type OpsCtx = { db: Database; staff: User; request: Request; now: Date };
/** Sign-up: no session yet. */
export type AnonymousCtx = { db: Database; request: Request; clientIp: string };

type Who = "merchant" | "staff" | "anonymous";
type CtxOf<W extends Who> = W extends "merchant" ? DashboardCtx : W extends "staff" ? OpsCtx : AnonymousCtx;

export type AccountRouteOptions<W extends Who, B, Q> = {
  who: W;
  body?: B;
  query?: Q;
  status?: number;
  /** Per-IP limit on top of the default (sign-up). */
  limit?: LimitName;
} & EntryTransaction;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);


async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === "") return {};
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) throw new ApiError("UNSUPPORTED_CONTENT_TYPE");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ApiError("INVALID_BODY");
  return parsed;
}

/**
 * The wrapper of every browser-side handler under app/dashboard-api and app/ops-api: CSRF
 * (Origin) check on mutating methods, session check on the server (a merchant for the
 * dashboard, staff for the console; the wrong role gets 404 like a route that does not exist),
 * rate limit, JSON + zod validation with the same error codes as /v1, the handler in one
 * transaction for mutating methods (unless the operation it runs declares its own,
 * lib/http/operation.ts), and the same `{success, data}` / `{success, error}` envelope.
 */
export function accountRoute<W extends Who, B extends InputSpec | undefined = undefined, Q extends InputSpec | undefined = undefined>(
  options: AccountRouteOptions<W, B, Q>,
  handler: (ctx: CtxOf<W>, input: { body: Out<B>; query: Out<Q>; params: Record<string, string> }) => Promise<unknown>,
) {
  return async (request: Request, context?: { params?: Promise<Params> }): Promise<Response> => {
    const started = performance.now();
    const requestId = randomUUID();
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    const database = defaultDb();
    let status = 500;
    try {
      // A frozen or unreachable database answers 503 within seconds instead of holding the request (db/availability.ts).
      return await withDatabaseDeadline(async () => {
        if (!isSameOriginRequest(request)) throw new ApiError("CSRF_REJECTED");
        const rawParams = (await context?.params) ?? {};
        const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));

        let user: User | null = null;
        if (options.who !== "anonymous") {
          const session = await sessionFromRequest(request);
          user = session ? await getUser(database, session.uid) : null;
          if (!user) throw new ApiError("SESSION_REQUIRED");
          if (user.role !== options.who) throw new ApiError("NOT_FOUND");
        }

        const subject = user ? `user:${user.id}` : `ip:${clientIpOf(request.headers)}`;
        const rate = await hitRateLimits(subject, options.limit ? ["default", options.limit] : ["default"]);
        Object.assign(headers, rateLimitHeaders(rate));
        if (rate.exceeded) {
          await holdPersistentClient(rate);
          throw new ApiError("RATE_LIMIT_EXCEEDED");
        }
        rejectNulInPath(params);

        const body = (options.body ? parseInput(options.body, await readJson(request)) : undefined) as Out<B>;
        const query = (options.query ? parseInput(options.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined) as Out<Q>;

        const build = async (dbForRun: Database): Promise<CtxOf<W>> => {
          if (options.who === "anonymous") return { db: dbForRun, request, clientIp: clientIpOf(request.headers) } as CtxOf<W>;
          if (options.who === "staff") return { db: dbForRun, staff: user!, request, now: systemNow() } as CtxOf<W>;
          const merchant = user!.merchantId ? await getMerchant(dbForRun, user!.merchantId) : null;
          if (!merchant) throw new ApiError("NOT_FOUND");
          const ctx = await dashboardContext(dbForRun, merchant, modeOfRequest(request), applicationOfRequest(request));
          return { ...ctx, user: user!, request } as CtxOf<W>;
        };
        const run = async (dbForRun: Database) => handler(await build(dbForRun), { body, query, params });
        const result = MUTATING.has(request.method) && wrapsHandler(options) ? await database.transaction((tx) => run(tx as unknown as Database)) : await run(database);
        if (result instanceof Response) {
          status = result.status;
          return result;
        }
        status = options.status ?? 200;
        return json(successBody(result), status, headers);
      });
    } catch (error) {
      const apiError = toApiError(error, requestId);
      status = apiError.status;
      return errorResponse(apiError, headers);
    } finally {
      logRequest(requestId, request, status, performance.now() - started);
    }
  };
}
