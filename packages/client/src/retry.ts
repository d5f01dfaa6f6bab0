export type RetryOptions = {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** Total time spent waiting between attempts, at most (default 30 s); a longer Retry-After ends the retries. */
  maxRetryWaitMs: number;
  /** First backoff delay (default 500 ms), doubled at each retry, with jitter; Retry-After wins when present. */
  baseDelayMs: number;
};

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 3, maxRetryWaitMs: 30_000, baseDelayMs: 500 };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Seconds or an HTTP date → milliseconds to wait; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(at - now, 0);
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: string } };
    return body?.error?.code;
  } catch {
    return undefined;
  }
}

/**
 * Whether an answer may be retried. A 429 never did any work, so it is always retried. A 5xx,
 * a network error or IDEMPOTENCY_IN_PROGRESS is retried only when repeating the request cannot
 * do the work twice: a read, or a request carrying X-Idempotency-Key (the same key each time).
 */
export async function shouldRetry(request: Request, outcome: Response | Error): Promise<boolean> {
  const repeatable = SAFE_METHODS.has(request.method.toUpperCase()) || request.headers.has("x-idempotency-key");
  if (outcome instanceof Error) return repeatable && outcome.name !== "AbortError";
  if (outcome.status === 429) return true;
  if (outcome.status === 409) return repeatable && (await errorCode(outcome)) === "IDEMPOTENCY_IN_PROGRESS";
  return repeatable && [500, 502, 503, 504].includes(outcome.status);
}

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * A fetch that retries with exponential backoff (full jitter) and honours Retry-After, bounded
 * both in attempts and in total waiting. Each attempt sends a clone of the same Request, so
 * every header — the idempotency key included — is identical across attempts.
 */
export function retryingFetch(fetchImpl: (request: Request) => Promise<Response>, options: RetryOptions, random: () => number = Math.random) {
  return async function fetchWithRetries(request: Request): Promise<Response> {
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      let outcome: Response | Error;
      try {
        outcome = await fetchImpl(request.clone());
      } catch (error) {
        outcome = error instanceof Error ? error : new Error(String(error));
      }
      const last = attempt >= options.maxRetries;
      if (last || !(await shouldRetry(request, outcome))) {
        if (outcome instanceof Error) throw outcome;
        return outcome;
      }
      const backoff = Math.round(random() * options.baseDelayMs * 2 ** attempt);
      const delay = outcome instanceof Response ? (retryAfterMs(outcome.headers.get("retry-after")) ?? backoff) : backoff;
      if (waited + delay > options.maxRetryWaitMs) {
        if (outcome instanceof Error) throw outcome;
        return outcome;
      }
      if (outcome instanceof Response) await outcome.body?.cancel().catch(() => {});
      await sleep(delay, request.signal);
      waited += delay;
    }
  };
}
