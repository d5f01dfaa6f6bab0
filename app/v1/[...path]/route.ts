import { ApiError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/envelope";

// Any /v1 path without a route of its own (including the removed /v1/plans and /v1/subscriptions).
const notFound = async (request: Request) =>
  errorResponse(new ApiError("NOT_FOUND", `No route ${request.method} ${new URL(request.url).pathname}. See GET /v1/openapi.json for the list of routes.`));

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
