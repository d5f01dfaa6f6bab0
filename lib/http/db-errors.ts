const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08006",
  // db/availability.ts: the server did not answer a probe (frozen or unreachable).
  "DATABASE_DEADLINE",
]);

/** True when an error (or its cause chain) means the database is unreachable, not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL cannot store or compare this text: U+0000 in text (22021) or a \u0000 escape in jsonb
 * (22P05). Inputs are checked for it up front (lib/core/validation.ts); this is the net behind that.
 */
export function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "22021" || code === "22P05") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
