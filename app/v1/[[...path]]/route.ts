import { ApiError } from "@/lib/core/errors";
import { route } from "@/lib/http/route";
import { movedRouteError } from "@/lib/platform/moved-routes";

// Any /v1 path without a route of its own, /v1 itself included. Paths older client libraries still
// call (/v1/plans, /v1/subscriptions, /v1/customers, /v1/payouts/…) name their replacement
// (lib/platform/moved-routes.ts). Through route(), so the answer has its request id, log line and rate-limit headers.
const notFound = route({ auth: "none" }, async ({ request }) => {
  const { pathname } = new URL(request.url);
  throw movedRouteError(request.method, pathname) ?? new ApiError("NOT_FOUND", `No route ${request.method} ${pathname}. See GET /v1/openapi.json for the list of routes.`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
