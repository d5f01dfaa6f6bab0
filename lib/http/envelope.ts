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

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

/**
 * A JSON answer before it is a Response: the direct dispatcher writes its text to the socket as
 * it is (server/v1-dispatch.ts), and Next.js gets a Response made of it (toWebResponse).
 */
export class JsonReply {
  readonly headers: Record<string, string>;
  constructor(
    readonly status: number,
    readonly text: string,
    headers: Record<string, string> = {},
  ) {
    this.headers = { ...JSON_HEADERS, ...headers };
  }
}

/** An answer of the pipeline: JSON as text, or a Response (a file, a redirect, an image). */
export type Reply = JsonReply | Response;

export const jsonReply = (body: unknown, status: number, headers: Record<string, string> = {}): JsonReply => new JsonReply(status, JSON.stringify(body), headers);

export const toWebResponse = (reply: Reply): Response => (reply instanceof Response ? reply : new Response(reply.text, { status: reply.status, headers: reply.headers }));

export const json = (body: unknown, status: number, headers: Record<string, string> = {}): Response => toWebResponse(jsonReply(body, status, headers));

export const errorReply = (error: ApiError, headers: Record<string, string> = {}) => jsonReply(errorBody(error), error.status, { ...headers, ...error.headers });

export const errorResponse = (error: ApiError, headers: Record<string, string> = {}) => toWebResponse(errorReply(error, headers));
