import type { ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { errorBody } from "@/lib/http/envelope";
import { ApiError, type ErrorCode } from "@/lib/core/errors";
import { log } from "@/lib/log";

/**
 * An error the server itself answers, before any route runs (a body or headers too large, a
 * request that is not HTTP): the same envelope, request id and log line as a route's answer.
 */
export function answerError(res: ServerResponse, refusal: ErrorCode | ApiError, request: { method?: string; path?: string; requestId: string }, close = false): void {
  const error = refusal instanceof ApiError ? refusal : new ApiError(refusal);
  const body = JSON.stringify(errorBody(error));
  if (!res.headersSent) {
    res.writeHead(error.status, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Length": Buffer.byteLength(body),
      "X-Request-Id": request.requestId,
      "X-Content-Type-Options": "nosniff",
      // The rest of an oversized body is not read: the connection cannot carry another request.
      ...(close ? { Connection: "close" } : {}),
    });
  }
  res.end(body);
  log("info", "request", { request_id: request.requestId, method: request.method ?? "", path: request.path ?? "", status: error.status, duration_ms: 0 });
}

/** The raw HTTP answer for a socket whose request never became one (Node's `clientError`). */
export function rawErrorAnswer(code: ErrorCode): string {
  const error = new ApiError(code);
  const body = JSON.stringify(errorBody(error));
  const reason = error.status === 431 ? "Request Header Fields Too Large" : "Bad Request";
  return [
    `HTTP/1.1 ${error.status} ${reason}`,
    "Content-Type: application/json; charset=utf-8",
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${randomUUID()}`,
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}
