/** A failed API call: the HTTP status and the service's error code, message and field. */
export class CauriError extends Error {
  /** HTTP status; 0 when no answer was received (network error, timeout). */
  readonly status: number;
  /** The service's stable error code (program against this), e.g. `INVALID_AMOUNT`; `NETWORK_ERROR` without an answer. */
  readonly code: string;
  /** The request field at fault, for validation errors. */
  readonly param?: string;
  /** The `X-Request-Id` of the answer: quote it to support. */
  readonly requestId?: string;
  /** The raw error body, when there was one. */
  readonly body?: unknown;

  constructor(init: { status: number; code: string; message: string; param?: string; requestId?: string; body?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "CauriError";
    this.status = init.status;
    this.code = init.code;
    this.param = init.param;
    this.requestId = init.requestId;
    this.body = init.body;
  }

  /** Builds the error from an answer of the API (the `{success: false, error: {code, message, param}}` envelope). */
  static fromResponse(response: Response, body: unknown): CauriError {
    const error = (body as { error?: { code?: unknown; message?: unknown; param?: unknown } } | undefined)?.error;
    const code = typeof error?.code === "string" ? error.code : `HTTP_${response.status}`;
    const message = typeof error?.message === "string" ? error.message : `The API answered HTTP ${response.status} without an error body.`;
    return new CauriError({
      status: response.status,
      code,
      message,
      param: typeof error?.param === "string" ? error.param : undefined,
      requestId: response.headers.get("x-request-id") ?? undefined,
      body,
    });
  }
}
