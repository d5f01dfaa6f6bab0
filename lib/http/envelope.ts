import { ApiError } from "@/lib/core/errors";

/** What a handler returns when its answer needs a status, headers or fields beside `data` (e.g. `message`, `pagination`). */
export class Answer<T = unknown> {
  constructor(
    readonly data: T,
    readonly init: { status?: number; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {}
}

export const answer = <T>(data: T, init?: Answer<T>["init"]) => new Answer(data, init);

/** A list operation's `{items, …}` as the envelope carries it: `data` = the items, the rest (`pagination`, `has_more`) beside. */
export const listAnswer = <T>({ items, ...beside }: { items: T[] } & Record<string, unknown>) => answer(items, { extra: beside });

export function successBody(data: unknown, extra?: Record<string, unknown>) {
  return { success: true as const, data, ...extra };
}

const errorFields = (error: ApiError) => ({ code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}) });

export function errorBody(error: ApiError) {
  return { success: false as const, error: { ...errorFields(error), ...(error.details ? { details: error.details.map(errorFields) } : {}) } };
}

export function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

export const errorResponse = (error: ApiError, headers: Record<string, string> = {}) =>
  json(errorBody(error), error.status, { ...headers, ...error.headers });
