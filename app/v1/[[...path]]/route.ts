import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";

// Any /v1 path without a route of its own, /v1 itself included (and the removed /v1/plans and
// /v1/subscriptions). Through route(), so the answer has its request id, log line and rate-limit headers.
const notFound = route({ auth: "none" }, async ({ request }) => {
  throw new ApiError("NOT_FOUND", `No route ${request.method} ${new URL(request.url).pathname}. See GET /v1/openapi.json for the list of routes.`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
