import type { Database } from "@/db/client";
import type { User } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import type { EntryTransaction } from "@/lib/core/operation";
import { countRequest, inTransactionPolicy, openExchange, readJsonBody, readQuery, routeParams, serveResponse, toResponse, type Out, type RouteContext } from "@/lib/http/pipeline";
import type { LimitName } from "@/lib/rate-limit/limits";
import { parseInput, type InputSpec } from "@/lib/core/validation";
import { getMerchant } from "@/lib/platform/merchants";
import { isSameOriginRequest } from "@/lib/http/csrf";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { applicationOfRequest } from "@/lib/http/application-choice";
import { modeOfRequest } from "@/lib/auth/mode";
import { can, roleForbidden, type Permission } from "@/lib/auth/permissions";
import { sessionFromRequest } from "@/lib/auth/session-token";
import { userOfSession } from "@/lib/auth/users";

/** A dashboard handler's context: the /v1 DomainContext (source "dashboard") plus who is signed in. */
export type DashboardCtx = DomainContext & { user: User; request: Request };
/** An ops-console handler's context: the staff member acting (written to the audit log). */
export type OpsCtx = { db: Database; staff: User; request: Request; now: Date };
/** Sign-up: no session yet. */
export type AnonymousCtx = { db: Database; request: Request; clientIp: string };

type Who = "merchant" | "staff" | "anonymous";
type CtxOf<W extends Who> = W extends "merchant" ? DashboardCtx : W extends "staff" ? OpsCtx : AnonymousCtx;

/** A dashboard route names the permission it needs (lib/auth/permissions.ts); the type makes it required. */
type PermissionOption<W extends Who> = W extends "merchant" ? { permission: Permission } : { permission?: never };

export type AccountRouteOptions<W extends Who, B, Q> = {
  who: W;
  body?: B;
  query?: Q;
  status?: number;
  /** Per-IP limit on top of the default (sign-up). */
  limit?: LimitName;
  /** Staff routes only: served to staff who have not turned on two-factor yet (the enrollment itself). */
  beforeTwoFactor?: boolean;
} & PermissionOption<W> &
  EntryTransaction;


/**
 * The pipeline's (lib/http/pipeline.ts) entry for every browser-side handler under app/dashboard-api and app/ops-api: CSRF
 * (Origin) check on mutating methods, session check on the server (a merchant for the
 * dashboard, staff for the console; the wrong role gets 404 like a route that does not exist),
 * the member's role against the route's permission (403 ROLE_FORBIDDEN), rate limit, JSON + zod validation with the same error codes as /v1, the handler in one
 * transaction for mutating methods (unless the operation it runs declares its own,
 * lib/core/operation.ts), and the same `{success, data}` / `{success, error}` envelope.
 */
export function accountRoute<W extends Who, B extends InputSpec | undefined = undefined, Q extends InputSpec | undefined = undefined>(
  options: AccountRouteOptions<W, B, Q>,
  handler: (ctx: CtxOf<W>, input: { body: Out<B>; query: Out<Q>; params: Record<string, string> }) => Promise<unknown>,
) {
  return (request: Request, context?: RouteContext): Promise<Response> => {
    const exchange = openExchange(request);
    return serveResponse(exchange, async () => {
      if (!isSameOriginRequest(request)) throw new ApiError("CSRF_REJECTED");
      const params = await routeParams(context);

      let user: User | null = null;
      if (options.who !== "anonymous") {
        const session = await sessionFromRequest(request);
        user = session ? await userOfSession(exchange.db, session) : null;
        if (!user) throw new ApiError("SESSION_REQUIRED");
        exchange.subject = `user:${user.id}`;
        if (user.role !== options.who) throw new ApiError("NOT_FOUND");
        // Staff must enroll two-factor first: every console route but the enrollment's is refused until then.
        if (user.role === "staff" && !user.totpEnabledAt && !options.beforeTwoFactor) throw new ApiError("TWO_FACTOR_ENROLLMENT_REQUIRED");
        // Refused before the body is read or the handler runs: a refused member changes nothing.
        if (options.who === "merchant" && !can(user.merchantRole, options.permission!)) throw roleForbidden(user.merchantRole, options.permission!);
      }
      await countRequest(exchange, options.limit ? ["default", options.limit] : ["default"]);

      const body = (options.body ? parseInput(options.body, await readJsonBody(request)) : undefined) as Out<B>;
      const query = readQuery(options.query as Q, request);

      const build = async (dbForRun: Database): Promise<CtxOf<W>> => {
        if (options.who === "anonymous") return { db: dbForRun, request, clientIp: exchange.clientIp } as CtxOf<W>;
        if (options.who === "staff") return { db: dbForRun, staff: user!, request, now: systemNow() } as CtxOf<W>;
        const merchant = user!.merchantId ? await getMerchant(dbForRun, user!.merchantId) : null;
        if (!merchant) throw new ApiError("NOT_FOUND");
        const ctx = await dashboardContext(dbForRun, merchant, modeOfRequest(request), applicationOfRequest(request));
        return { ...ctx, user: user!, request } as CtxOf<W>;
      };
      const result = await inTransactionPolicy(exchange, options, async (dbForRun) => handler(await build(dbForRun), { body, query, params }));
      return toResponse(result, options.status ?? 200, exchange.headers).response;
    });
  };
}
