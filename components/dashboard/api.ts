/**
 * Browser-side calls to app/dashboard-api and app/ops-api. Same-origin fetch (the browser adds
 * the Origin header the handlers check, and the session cookie); bodies are JSON. An error
 * answer becomes an ApiClientError carrying the code, message and field of the envelope.
 */
export class ApiClientError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly param?: string,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: init.body !== undefined ? { "Content-Type": "application/json" } : undefined,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new ApiClientError("NETWORK_ERROR", "network", 0);
  }
  let parsed: { success?: boolean; data?: T; error?: { code: string; message: string; param?: string } } = {};
  try {
    parsed = await response.json();
  } catch {
    throw new ApiClientError("INTERNAL_ERROR", `HTTP ${response.status}`, response.status);
  }
  if (!response.ok || parsed.success !== true) {
    throw new ApiClientError(parsed.error?.code ?? "INTERNAL_ERROR", parsed.error?.message ?? `HTTP ${response.status}`, response.status, parsed.error?.param);
  }
  return parsed.data as T;
}
