import NextAuth from "next-auth";
import { clientIpOf } from "@/lib/http/client-ip";
import { hitRateLimits, rateLimitHeaders } from "@/lib/rate-limit/limits";
import { authOptions } from "@/lib/auth/options";

type Context = { params: Promise<{ nextauth: string[] }> };

const nextAuth = NextAuth(authOptions) as (request: Request, context: Context) => Promise<Response>;

/** The error string the sign-in page receives when one address sends too many sign-in attempts. */
export const RATE_LIMITED_ERROR = "RateLimited";

/**
 * next-auth's own endpoints (/api/auth/*: csrf, session, sign-in callback, sign-out), with one
 * addition: credential checks are limited per client IP (`auth.signin` in lib/rate-limit/limits.ts)
 * on top of the per-account lockout, so one address cannot spray guesses across many accounts.
 * The refusal has the shape next-auth's client reads (`{url}` whose `error` parameter names it).
 */
export const authRouteHandlers = {
  GET: (request: Request, context: Context) => nextAuth(request, context),
  async POST(request: Request, context: Context) {
    const { nextauth } = await context.params;
    if (nextauth?.[0] === "callback" && nextauth[1] === "credentials") {
      const ip = clientIpOf(request.headers);
      const rate = await hitRateLimits(`ip:${ip}`, ["auth.signin"]);
      if (rate.exceeded) {
        const url = new URL("/signin", request.url);
        url.searchParams.set("error", RATE_LIMITED_ERROR);
        return new Response(JSON.stringify({ url: url.toString() }), {
          status: 429,
          headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...rateLimitHeaders(rate) },
        });
      }
    }
    return nextAuth(request, context);
  },
};
