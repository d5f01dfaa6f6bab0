/**
 * Where the operator's HTTP adapters reach the operator (docs/configuration.md). Read at call
 * time, so a deployment (or a test) can change them without reloading modules.
 */
export type HttpAdapterName = "sandbox" | "live";

export type OperatorEndpoint = {
  /** Base URL of the operator's API, without a trailing slash. */
  baseUrl: string;
  /** Our API key at the operator (sent as `Authorization: Bearer`). */
  apiKey: string;
  /** The secret the operator signs its callbacks with (defaults to the API key). */
  callbackSecret: string;
};

const ENV = {
  sandbox: { url: "OPERATOR_SANDBOX_URL", key: "OPERATOR_SANDBOX_KEY", secret: "OPERATOR_SANDBOX_CALLBACK_SECRET" },
  live: { url: "OPERATOR_LIVE_URL", key: "OPERATOR_LIVE_KEY", secret: "OPERATOR_LIVE_CALLBACK_SECRET" },
} as const;

export const operatorEnvNames = (name: HttpAdapterName) => ENV[name];

/** The endpoint of an adapter, or null when its URL or key is not configured. */
export function operatorEndpoint(name: HttpAdapterName): OperatorEndpoint | null {
  const env = ENV[name];
  const baseUrl = process.env[env.url]?.trim().replace(/\/+$/, "");
  const apiKey = process.env[env.key]?.trim();
  if (!baseUrl || !apiKey) return null;
  return { baseUrl, apiKey, callbackSecret: process.env[env.secret]?.trim() || apiKey };
}

/** How long one call to the operator may take before the payment is left PENDING with a reason. */
export function operatorTimeoutMs(): number {
  const v = Number(process.env.OPERATOR_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : 10_000;
}
