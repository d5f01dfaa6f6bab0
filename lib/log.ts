/**
 * Structured JSON logs, one line each. Callers pass ids and counts, never keys, secrets,
 * delivery codes or full phone numbers (see maskPhone).
 */
type Level = "info" | "warn" | "error";

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (process.env.CAURI_LOG === "silent") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  // The ops CLI keeps stdout for its --json answer, so it sends logs to stderr.
  if (level === "error" || process.env.CAURI_LOG_STREAM === "stderr") console.error(line);
  else console.log(line);
}

/** The one line every HTTP answer logs: its id, method, path (never the query string), status and duration. */
export function logRequest(requestId: string, request: Request, status: number, durationMs: number): void {
  log("info", "request", { request_id: requestId, method: request.method, path: new URL(request.url).pathname, status, duration_ms: Math.round(durationMs) });
}

/** +22370000001 → +223•••••01: enough to recognise a number, not to use it. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return phone ?? null;
  if (phone.length <= 6) return "•".repeat(phone.length);
  return `${phone.slice(0, 4)}${"•".repeat(Math.max(phone.length - 6, 1))}${phone.slice(-2)}`;
}
