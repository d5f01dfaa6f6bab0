/**
 * A short text for logs: the error's message and, for a failed query, the database's own reason
 * (drizzle wraps it in `cause`) instead of the whole SQL text. Never includes parameters.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const head = error.message.startsWith("Failed query:") ? "query failed" : error.message;
  if (cause instanceof Error) return `${head}: ${(cause as { code?: string }).code ? `${(cause as { code?: string }).code} ` : ""}${cause.message}`;
  return head;
}
