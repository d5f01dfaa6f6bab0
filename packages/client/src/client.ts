import createClient, { type Client, type Middleware } from "openapi-fetch";
import { CauriError } from "./errors.js";
import { IDEMPOTENT_OPERATIONS } from "./operations.js";
import { DEFAULT_RETRY, retryingFetch, type RetryOptions } from "./retry.js";
import type { components, paths } from "./schema.js";

export type CauriClientOptions = {
  /** A secret key: `sk_test_…` (sandbox) or `sk_live_…` (production). Keep it on your server. */
  apiKey: string;
  /** The API's base URL, e.g. `https://api.example.ml` (no trailing `/v1`). */
  baseUrl: string;
  /** Retries on 429, 5xx and network errors (see packages/client/README.md). `false` disables them. */
  retry?: Partial<RetryOptions> | false;
  /** A fetch implementation (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
};

/** Per-call options of the operations that take an idempotency key. */
export type IdempotentCallOptions = {
  /** Your own key (e.g. stored with your order). Default: a fresh UUID per call, reused across this call's retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

type Schemas = components["schemas"];
type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Query<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** `data` of the success answer of an operation (the envelope's payload). */
type Data<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 ? (R[S] extends { content: { "application/json": { data: infer D } } } ? D : never) : never }[keyof R]
  : never;

const randomKey = () => globalThis.crypto.randomUUID();

/**
 * The Cauri API client: typed from the OpenAPI document, with automatic idempotency keys,
 * bounded retries and typed errors. `client.api` reaches every operation (openapi-fetch); the
 * resource helpers below cover the common calls and return the answer's `data`.
 */
export class CauriClient {
  /** Every operation of the API, typed: `await client.unwrap(client.api.GET("/v1/payments/{id}", { params: { path: { id } } }))`. */
  readonly api: Client<paths>;

  constructor(options: CauriClientOptions) {
    if (!/^sk_(test|live)_/.test(options.apiKey ?? "")) throw new TypeError("apiKey must be a secret key: sk_test_… or sk_live_…");
    const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
    const fetchImpl = options.retry === false ? baseFetch : retryingFetch(baseFetch, { ...DEFAULT_RETRY, ...options.retry });
    this.api = createClient<paths>({
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      fetch: fetchImpl,
      headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
    });
    this.api.use(idempotencyMiddleware);
  }

  /** The answer's body when it succeeded; a CauriError otherwise (also when no answer came). */
  async unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    let result: { data?: T; error?: unknown; response: Response };
    try {
      result = await call;
    } catch (error) {
      if (error instanceof CauriError) throw error;
      throw new CauriError({ status: 0, code: "NETWORK_ERROR", message: `No answer from the API: ${error instanceof Error ? error.message : String(error)}`, cause: error });
    }
    if (!result.response.ok || result.error !== undefined) throw CauriError.fromResponse(result.response, result.error);
    return result.data as T;
  }

  private async data<T extends { data?: unknown }>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<NonNullable<T["data"]>> {
    return (await this.unwrap(call)).data as NonNullable<T["data"]>;
  }

  private static header(options?: IdempotentCallOptions) {
    return { "X-Idempotency-Key": options?.idempotencyKey ?? randomKey() };
  }

  readonly payments = {
    /** Creates a payment; send the customer to `redirect_url`. */
    create: (body: Json<"/v1/payments", "post">, options?: IdempotentCallOptions): Promise<Data<"/v1/payments", "post">> =>
      this.data(this.api.POST("/v1/payments", { body, params: { header: CauriClient.header(options) }, signal: options?.signal })),
    list: (query?: Query<"/v1/payments", "get">): Promise<Data<"/v1/payments", "get">> => this.data(this.api.GET("/v1/payments", { params: { query } })),
    retrieve: (id: string): Promise<Data<"/v1/payments/{id}", "get">> => this.data(this.api.GET("/v1/payments/{id}", { params: { path: { id } } })),
  };

  readonly withdrawals = {
    /** Requests a withdrawal of the available balance to a mobile-money number (reviewed by Cauri; funds reserved now). */
    create: (body: Json<"/v1/withdrawals", "post">, options?: IdempotentCallOptions): Promise<Data<"/v1/withdrawals", "post">> =>
      this.data(this.api.POST("/v1/withdrawals", { body, params: { header: CauriClient.header(options) }, signal: options?.signal })),
    list: (query?: Query<"/v1/withdrawals", "get">): Promise<Data<"/v1/withdrawals", "get">> => this.data(this.api.GET("/v1/withdrawals", { params: { query } })),
    balance: (): Promise<Data<"/v1/withdrawals/balance", "get">> => this.data(this.api.GET("/v1/withdrawals/balance")),
    quote: (amount: number): Promise<Data<"/v1/withdrawals/quote", "get">> => this.data(this.api.GET("/v1/withdrawals/quote", { params: { query: { amount } } })),
    cancel: (id: string): Promise<Data<"/v1/withdrawals/{id}/cancel", "patch">> => this.data(this.api.PATCH("/v1/withdrawals/{id}/cancel", { params: { path: { id } } })),
  };

  readonly billing = {
    plans: {
      create: (body: Json<"/v1/billing/plans", "post">, options?: IdempotentCallOptions): Promise<Data<"/v1/billing/plans", "post">> =>
        this.data(this.api.POST("/v1/billing/plans", { body, params: { header: CauriClient.header(options) }, signal: options?.signal })),
      list: (): Promise<Data<"/v1/billing/plans", "get">> => this.data(this.api.GET("/v1/billing/plans")),
    },
    subscriptions: {
      create: (body: Json<"/v1/billing/subscriptions", "post">, options?: IdempotentCallOptions): Promise<Data<"/v1/billing/subscriptions", "post">> =>
        this.data(this.api.POST("/v1/billing/subscriptions", { body, params: { header: CauriClient.header(options) }, signal: options?.signal })),
      list: (query?: Query<"/v1/billing/subscriptions", "get">): Promise<Data<"/v1/billing/subscriptions", "get">> =>
        this.data(this.api.GET("/v1/billing/subscriptions", { params: { query } })),
    },
  };

  /** Invoices: a draft, finalized (numbered), sent by sms, email or a WhatsApp link, paid on its hosted page. */
  readonly invoices = {
    create: (body: Json<"/v1/invoices", "post">, options?: IdempotentCallOptions): Promise<Data<"/v1/invoices", "post">> =>
      this.data(this.api.POST("/v1/invoices", { body, params: { header: CauriClient.header(options) }, signal: options?.signal })),
    list: (query?: Query<"/v1/invoices", "get">): Promise<Data<"/v1/invoices", "get">> => this.data(this.api.GET("/v1/invoices", { params: { query } })),
    retrieve: (id: string): Promise<Data<"/v1/invoices/{id}", "get">> => this.data(this.api.GET("/v1/invoices/{id}", { params: { path: { id } } })),
    update: (id: string, body: Json<"/v1/invoices/{id}", "patch">): Promise<Data<"/v1/invoices/{id}", "patch">> =>
      this.data(this.api.PATCH("/v1/invoices/{id}", { params: { path: { id } }, body })),
    finalize: (id: string, options?: IdempotentCallOptions): Promise<Data<"/v1/invoices/{id}/finalize", "post">> =>
      this.data(this.api.POST("/v1/invoices/{id}/finalize", { params: { path: { id }, header: CauriClient.header(options) }, signal: options?.signal })),
    send: (id: string, body: Json<"/v1/invoices/{id}/send", "post">, options?: IdempotentCallOptions): Promise<Data<"/v1/invoices/{id}/send", "post">> =>
      this.data(this.api.POST("/v1/invoices/{id}/send", { params: { path: { id }, header: CauriClient.header(options) }, body, signal: options?.signal })),
    void: (id: string, reason?: string): Promise<Data<"/v1/invoices/{id}/void", "post">> =>
      this.data(this.api.POST("/v1/invoices/{id}/void", { params: { path: { id } }, body: reason === undefined ? {} : { reason } })),
    timeline: (id: string): Promise<Data<"/v1/invoices/{id}/timeline", "get">> => this.data(this.api.GET("/v1/invoices/{id}/timeline", { params: { path: { id } } })),
  };

  /** Onsite payment requests, sandbox only: the customer approves with a one-time code instead of the checkout. */
  readonly opr = {
    create: (body: Json<"/v1/opr/create", "post">, options?: IdempotentCallOptions): Promise<Data<"/v1/opr/create", "post">> =>
      this.data(this.api.POST("/v1/opr/create", { body, params: { header: CauriClient.header(options) }, signal: options?.signal })),
    charge: (token: string, otp: string): Promise<Data<"/v1/opr/charge", "post">> => this.data(this.api.POST("/v1/opr/charge", { body: { token, otp } })),
  };

  readonly sandbox = {
    /** Test keys only: the one-time code an OPR request sent to the customer (the simulated SMS inbox). */
    oprOtp: (token: string): Promise<Data<"/v1/sandbox/opr/{token}/otp", "get">> => this.data(this.api.GET("/v1/sandbox/opr/{token}/otp", { params: { path: { token } } })),
    /** Test keys only: settles a simulated PENDING payment. */
    simulatePayment: (id: string, outcome: "SUCCESS" | "FAILED"): Promise<Data<"/v1/sandbox/payments/{id}/simulate", "post">> =>
      this.data(this.api.POST("/v1/sandbox/payments/{id}/simulate", { params: { path: { id } }, body: { outcome } })),
    /** Test keys only: moves this merchant's test clock forward and runs the work that became due. */
    advanceClock: (seconds: number): Promise<Data<"/v1/sandbox/clock/advance", "post">> => this.data(this.api.POST("/v1/sandbox/clock/advance", { body: { seconds } })),
  };
}

/** The error body of any operation. */
export type CauriErrorBody = Schemas["Error"];

/**
 * Adds X-Idempotency-Key (a UUID) to every operation that takes one when the caller did not.
 * It runs once per call, before the retrying fetch, so all attempts carry the same key.
 */
const idempotencyMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    if (IDEMPOTENT_OPERATIONS.has(`${request.method.toUpperCase()} ${schemaPath}`) && !request.headers.has("x-idempotency-key")) {
      request.headers.set("X-Idempotency-Key", randomKey());
    }
    return request;
  },
};
