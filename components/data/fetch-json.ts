import type { ErrorCode } from "@/lib/core/errors";

/** The catalogue's codes, and the one the browser adds when the request never got an answer. */
export type ClientErrorCode = ErrorCode | "NETWORK_ERROR";

/** An error answer of our API: the envelope's code, message and field, with the HTTP status (0 without an answer). */
export class ApiClientError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    message: string,
    readonly status: number,
    readonly param?: string,
    /** Every problem, when the answer names several (a statement's bad lines). */
    readonly details?: readonly ErrorDetail[],
  ) {
    super(message);
  }
}

export type ErrorDetail = { code: ClientErrorCode; message: string; param?: string };

type Envelope<T> = { success?: boolean; data?: T; error?: ErrorDetail & { details?: ErrorDetail[] } };

interface FetchInit {
  method?: string;
  body?: unknown;
  /** Always ask the server: for a status a page polls. */
  noStore?: boolean;
}

/**
 * Browser-side calls to our own endpoints (app/dashboard-api, app/ops-api, the public /v1 the
 * checkout pages use). Same-origin fetch: the browser adds the Origin header the handlers check,
 * and the session cookie. Resolves with the whole envelope, for answers that carry more than
 * `data` (a list's has_more); an error answer is thrown as an ApiClientError.
 */
export async function fetchEnvelope<T, Extra extends object = object>(path: string, init: FetchInit = {}): Promise<{ data: T } & Partial<Extra>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      cache: init.noStore ? "no-store" : undefined,
      headers: { accept: "application/json", ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new ApiClientError("NETWORK_ERROR", "network", 0);
  }
  let parsed: Envelope<T> = {};
  try {
    parsed = await response.json();
  } catch {
    throw new ApiClientError("INTERNAL_ERROR", `HTTP ${response.status}`, response.status);
  }
  if (!response.ok || parsed.success !== true) {
    throw new ApiClientError(parsed.error?.code ?? "INTERNAL_ERROR", parsed.error?.message ?? `HTTP ${response.status}`, response.status, parsed.error?.param, parsed.error?.details);
  }
  return parsed as { data: T } & Partial<Extra>;
}

/** The `data` of an answer; see fetchEnvelope. */
export async function apiFetch<T>(path: string, init: FetchInit = {}): Promise<T> {
  return (await fetchEnvelope<T>(path, init)).data;
}
