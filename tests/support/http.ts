type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  key?: string;
  body?: unknown;
  /** Raw body text, sent as is (for malformed-JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  idempotencyKey?: string;
};

export type CallResult<T = any> = { status: number; headers: Headers; body: T };

/** Calls a route handler exactly as Next.js does: a web-standard Request in, a Response out. */
export async function call<T = any>(handler: RouteHandler, method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey !== undefined) headers["x-idempotency-key"] = options.idempotencyKey;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(`http://localhost:3000${path}`, { method, headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, body: parsed as T };
}
