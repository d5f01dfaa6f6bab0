import { randomUUID } from "node:crypto";

/** The id of a request, for its log line and its X-Request-Id header: the caller's own (≤ 64 characters), else a new one. */
export function requestIdFrom(sent: string | null | undefined): string {
  return sent?.slice(0, 64) || randomUUID();
}

export const requestIdOf = (request: Request): string => requestIdFrom(request.headers.get("x-request-id"));
