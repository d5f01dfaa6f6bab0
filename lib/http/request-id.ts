import { randomUUID } from "node:crypto";

/** The id of a request, for its log line and its X-Request-Id header: the caller's own (≤ 64 characters), else a new one. */
export function requestIdOf(request: Request): string {
  return request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
}
