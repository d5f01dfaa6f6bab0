import { randomUUID } from "node:crypto";
import { CliError } from "./errors.js";

export const DEFAULT_BASE_URL = "http://localhost:3000";

export type Config = { apiKey?: string; baseUrl: string };

/**
 * --api-key / --base-url win over CAURI_API_KEY / CAURI_BASE_URL, then over CAURI_KEY / CAURI_URL,
 * the variables the docs' samples read (so one `export` serves the samples and the tool); the
 * base URL defaults to a local `npm run dev`.
 */
export function resolveConfig(flags: { "api-key"?: string; "base-url"?: string }, env: Record<string, string | undefined> = process.env): Config {
  const apiKey = flags["api-key"] ?? env.CAURI_API_KEY ?? env.CAURI_KEY ?? undefined;
  const raw = flags["base-url"] ?? env.CAURI_BASE_URL ?? env.CAURI_URL ?? DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`The base URL ${JSON.stringify(raw)} is not a URL (expected e.g. ${DEFAULT_BASE_URL}).`, "INVALID_BASE_URL", 2);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CliError(`The base URL must be http:// or https://, not ${url.protocol}`, "INVALID_BASE_URL", 2);
  return { apiKey: apiKey || undefined, baseUrl: url.origin + url.pathname.replace(/\/+$/, "") };
}

type RequestOptions = { body?: unknown; query?: Record<string, string | number | undefined>; signal?: AbortSignal };

/** The envelope every /v1 answer carries: `{success: true, data, …}` or `{success: false, error: {code, message}}`. */
type Envelope = { success: boolean; data?: unknown; error?: { code?: string; message?: string }; [extra: string]: unknown };

/** The 401 codes that mean "this key": the message then says which key setting to fix. */
const KEY_CODES = new Set(["INVALID_API_KEY", "UNAUTHORIZED", "MISSING_API_KEY", "API_KEY_REVOKED", "PRODUCTION_KEY_DISABLED"]);

export const isLiveKey = (key: string) => key.startsWith("sk_live_");

export class Api {
  constructor(readonly config: Config) {}

  get baseUrl() {
    return this.config.baseUrl;
  }

  /** The key, or a clear error before any call is made. */
  key(): string {
    if (!this.config.apiKey) throw new CliError("No API key: pass --api-key sk_test_… or set CAURI_API_KEY.", "MISSING_API_KEY", 2);
    return this.config.apiKey;
  }

  /**
   * Commands that forward or create sandbox objects refuse a live key here, before any request:
   * nothing real may be created by a developer tool by mistake.
   */
  testKey(command: string): string {
    const key = this.key();
    if (isLiveKey(key)) {
      throw new CliError(`\`cauri ${command}\` works with a test key (sk_test_…) only; this is a live key (sk_live_…). Use your test key from the dashboard (Developers → API keys).`, "LIVE_KEY_REFUSED", 2);
    }
    return key;
  }

  url(path: string, query?: RequestOptions["query"]): string {
    const url = new URL(this.config.baseUrl + path);
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== "") url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** Fetch with the tool's errors: an unreachable server is named, not a stack trace. */
  async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (error) {
      if ((error as Error).name === "AbortError" || init.signal?.aborted) throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new CliError(`Cannot reach ${this.config.baseUrl}: is the server running? (npm run dev) [${why}]`, "UNREACHABLE");
    }
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.key()}`, "user-agent": "cauri-cli", ...extra };
  }

  /** One /v1 call; answers the whole success envelope (data plus has_more, pagination…) or throws a CliError. */
  async call<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<{ data: T } & Record<string, unknown>> {
    const headers = this.headers();
    if (options.body !== undefined) headers["content-type"] = "application/json";
    // Every creation carries a fresh idempotency key: required by payments and withdrawals, and a retry-safe habit for the rest.
    if (method === "POST") headers["x-idempotency-key"] = randomUUID();
    const response = await this.fetch(this.url(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    return (await readEnvelope(response, this.config.baseUrl)) as { data: T } & Record<string, unknown>;
  }
}

/** Reads an answer of the API: the envelope of a success, a CliError for anything else. */
export async function readEnvelope(response: Response, baseUrl: string): Promise<Envelope> {
  const text = await response.text();
  let body: Envelope | undefined;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    body = undefined;
  }
  if (response.ok && body?.success !== false) return body ?? { success: true, data: undefined };
  const code = body?.error?.code ?? `HTTP_${response.status}`;
  const message = body?.error?.message ?? (text.slice(0, 200) || response.statusText);
  if (response.status === 401 || KEY_CODES.has(code)) {
    throw new CliError(`The API key was refused by ${baseUrl} (${code}): ${message} Check --api-key or CAURI_API_KEY.`, code, 1, response.status);
  }
  if (code === "TEST_MODE_ONLY") throw new CliError(`${code}: ${message} Use a test key (sk_test_…).`, code, 1, response.status);
  if (!body) throw new CliError(`Unexpected answer from ${response.url || baseUrl} (HTTP ${response.status}): is ${baseUrl} a Cauri server?`, code, 1, response.status);
  throw new CliError(`${code}: ${message}`, code, 1, response.status);
}
